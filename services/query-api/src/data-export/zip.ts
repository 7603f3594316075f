import { DATA_EXPORT_ENTRIES } from '@acres/contracts/data-export';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { DataExport } from './export.ts';
import type { ExportedFile } from './files.ts';

/**
 * The ZIP of one subject: small by nature (a few records and images of at most 5 MB each),
 * so it is built in memory. Images are stored, not deflated: they are compressed already.
 */
export const zipDataExport = (options: { data: DataExport; summary: string; files: readonly ExportedFile[] }): Uint8Array => {
  const mtime = new Date(options.data.takenAt);
  const entries: Zippable = {
    [DATA_EXPORT_ENTRIES.data]: strToU8(`${JSON.stringify(options.data, null, 2)}\n`),
    [DATA_EXPORT_ENTRIES.summary]: strToU8(options.summary),
  };
  for (const file of options.files) {
    if (file.bytes) entries[file.name] = [file.bytes, { level: 0 }];
  }
  return zipSync(entries, { level: 6, mtime });
};
