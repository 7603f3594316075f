import { Readable } from 'node:stream';
import { AdminLeadsResponseSchema, LeadSchema, type Lead } from '@acres/contracts/lead';
import type { Queryable } from '@acres/platform';
import { listLeads, readLeadsPage, type LeadCursor } from '@acres/read-models/leads';
import { formatSortableLagosTime } from '@acres/contracts/lagos-time';
import { csvFileName, encodeCsvRow, formatCsvPhone, sendCsv, UTF8_BOM, type CsvValue } from '../shared/csv.ts';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import { registerListRoute } from '../shared/list-page.ts';
import { AdminListQuerySchema, LeadsExportQuerySchema } from '../shared/query-schemas.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { registerLeadPipelineReads } from './pipeline-routes.ts';

export const DEFAULT_EXPORT_PAGE_SIZE = 1000;

// One column per field of the contract's Lead, in its order: a field added to the
// contract (and so to the read model's toLead) shows up in the export by itself.
const FIELDS = Object.keys(LeadSchema.shape) as (keyof Lead)[];

// 'fullName' → 'Full Name'; these read better otherwise.
const HEADERS: Partial<Record<keyof Lead, string>> = { id: 'ID', phoneE164: 'Phone', createdAt: 'Created At (WAT)' };
const toHeader = (field: keyof Lead) =>
  HEADERS[field] ?? field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

// Every export writes phones and times alike: the national phone form, Lagos wall-clock time.
const CELL_FORMATS: Partial<Record<keyof Lead, (value: string) => CsvValue>> = {
  phoneE164: formatCsvPhone,
  createdAt: formatSortableLagosTime,
};

// A spreadsheet reader wants words, not true and false.
const toCell = (field: keyof Lead, value: Lead[keyof Lead]): CsvValue => {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const format = CELL_FORMATS[field];
  return format && typeof value === 'string' ? format(value) : value;
};

export const LEADS_CSV_HEADER = FIELDS.map(toHeader);

const encodePage = (leads: readonly Lead[]) =>
  leads.map((lead) => encodeCsvRow(FIELDS.map((field) => toCell(field, lead[field])))).join('');

/** `leads-2025-01-31.csv`, the Lagos day. */
export const leadsCsvFileName = (now: Date) => csvFileName('leads', now);

/**
 * Every lead, newest first, as a CSV stream pulled one keyset page at a time: the next
 * query runs only when the client has taken the previous page (flat memory at any
 * size), and destroying the stream (client gone) ends the loop.
 *
 * The first page is read before the stream is returned, so a database failure becomes
 * an ordinary error response instead of a truncated download.
 */
export const createLeadsCsvStream = async (options: {
  db: Queryable;
  search?: string | undefined;
  pageSize?: number;
}): Promise<Readable> => {
  const limit = options.pageSize ?? DEFAULT_EXPORT_PAGE_SIZE;
  const first = await readLeadsPage(options.db, { limit, search: options.search });

  async function* generateCsv() {
    yield UTF8_BOM + encodeCsvRow(LEADS_CSV_HEADER) + encodePage(first.leads);
    let after: LeadCursor | undefined = first.next;
    while (after) {
      const page = await readLeadsPage(options.db, { after, limit, search: options.search });
      if (page.leads.length > 0) yield encodePage(page.leads);
      after = page.next;
    }
  }

  return Readable.from(generateCsv(), { objectMode: false });
};

// The list shows counters next to it and each lead's stage, so it waits for all three projections.
const LEADS_READS = [PROJECTIONS.leads, PROJECTIONS.adminCounters, PROJECTIONS.leadPipeline];

export const registerAdminLeadsRoutes = (app: QueryApp, deps: RouteDeps) => {
  registerListRoute(app, deps, {
    url: '/api/admin/leads',
    querystring: AdminListQuerySchema,
    response: AdminLeadsResponseSchema,
    reads: LEADS_READS,
    list: (query) => listLeads(deps.pool, query, deps.now()),
  });

  app.get(
    '/api/admin/leads/export.csv',
    { schema: { querystring: LeadsExportQuerySchema }, preHandler: deps.freshRead([PROJECTIONS.leads]) },
    async (request, reply) => {
      const csv = await createLeadsCsvStream({ db: deps.pool, search: request.query.search, pageSize: deps.exportPageSize });
      return sendCsv(reply, leadsCsvFileName(deps.now()), csv);
    },
  );
  registerLeadPipelineReads(app, deps);
};
