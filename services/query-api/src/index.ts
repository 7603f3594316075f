export { buildQueryApp, queryApiPlugin, type BuildQueryAppOptions, type QueryApiOptions } from './app.ts';
export { QueryApiConfigSchema, type QueryApiConfig } from './config.ts';
export { MIN_POSITION_HEADER, PROJECTIONS, STALE_HEADER, parseMinPosition } from './shared/fresh-read.ts';
export { encodeCsvCell, encodeCsvRow, neutraliseFormula } from './shared/csv.ts';
export { enablePageCache } from './shared/list-page.ts';
export { toDeliveryChannels } from './settings/channels.ts';
export { createDataExportRecorder, type RecordDataExport } from './data-export/record-download.ts';
