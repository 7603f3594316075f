import { Readable } from 'node:stream';
import { AdminApplicationSchema, type AdminApplication } from '@acres/contracts/application-decision';
import type { Queryable } from '@acres/platform';
import { formatSortableLagosTime } from '@acres/contracts/lagos-time';
import { csvFileName, encodeCsvRow, formatCsvPhone, UTF8_BOM, type CsvValue } from '../shared/csv.ts';
import { listSubscriptions, type ApplicationsFilter } from '@acres/read-models/subscriptions-queries';

export const DEFAULT_EXPORT_PAGE_SIZE = 1000;

// One column per field of the contract's AdminApplication, in its order: a field added to
// the contract shows up in the export by itself.
const FIELDS = Object.keys(AdminApplicationSchema.shape) as (keyof AdminApplication)[];

// Instants in Lagos wall-clock time and phones in the national form, as every export writes them.
const TIMES = new Set<keyof AdminApplication>(['createdAt', 'updatedAt', 'decidedAt']);
const PHONES = new Set<keyof AdminApplication>(['phoneNumber', 'kinPhone']);

const HEADERS: Partial<Record<keyof AdminApplication, string>> = { id: 'ID', escrowReceiptNo: 'Escrow Receipt No' };
const toHeader = (field: keyof AdminApplication) => {
  const header = HEADERS[field] ?? field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());
  return TIMES.has(field) ? `${header} (WAT)` : header;
};

const toCell = (field: keyof AdminApplication, value: AdminApplication[keyof AdminApplication]): CsvValue => {
  if (typeof value !== 'string') return value as CsvValue;
  if (TIMES.has(field)) return formatSortableLagosTime(value);
  return PHONES.has(field) ? formatCsvPhone(value) : value;
};

export const APPLICATIONS_CSV_HEADER = FIELDS.map(toHeader);

const encodePage = (applications: readonly AdminApplication[]) =>
  applications.map((application) => encodeCsvRow(FIELDS.map((field) => toCell(field, application[field])))).join('');

/** `applications-2025-01-31.csv`, the Lagos day. */
export const applicationsCsvFileName = (now: Date) => csvFileName('applications', now);

/**
 * Every matching application, newest first, as a CSV stream pulled one keyset page at a
 * time (flat memory at any size; a client gone ends the loop). The first page is read
 * before the stream is returned, so a database failure is an ordinary error response.
 */
export const createApplicationsCsvStream = async (options: {
  db: Queryable;
  filter: ApplicationsFilter;
  pageSize?: number;
}): Promise<Readable> => {
  const limit = options.pageSize ?? DEFAULT_EXPORT_PAGE_SIZE;
  const readPage = (cursor: string | undefined) => listSubscriptions(options.db, { ...options.filter, limit, offset: 0, cursor });
  const first = await readPage(undefined);

  async function* generateCsv() {
    yield UTF8_BOM + encodeCsvRow(APPLICATIONS_CSV_HEADER) + encodePage(first.subscriptions);
    let next = first.nextCursor;
    while (next) {
      const page = await readPage(next);
      if (page.subscriptions.length > 0) yield encodePage(page.subscriptions);
      next = page.nextCursor;
    }
  }

  return Readable.from(generateCsv(), { objectMode: false });
};
