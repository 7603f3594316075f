import { Readable } from 'node:stream';
import { AdminApplicationSchema, type AdminApplication } from '@acres/contracts/application-decision';
import type { Queryable } from '@acres/platform';
import { encodeCsvRow, UTF8_BOM } from '../shared/csv.ts';
import { listSubscriptions, type ApplicationsFilter } from '@acres/read-models/subscriptions-queries';

export const DEFAULT_EXPORT_PAGE_SIZE = 1000;

// One column per field of the contract's AdminApplication, in its order: a field added to
// the contract shows up in the export by itself.
const FIELDS = Object.keys(AdminApplicationSchema.shape) as (keyof AdminApplication)[];

const HEADERS: Partial<Record<keyof AdminApplication, string>> = { id: 'ID', escrowReceiptNo: 'Escrow Receipt No' };
const toHeader = (field: keyof AdminApplication) =>
  HEADERS[field] ?? field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

export const APPLICATIONS_CSV_HEADER = FIELDS.map(toHeader);

const encodePage = (applications: readonly AdminApplication[]) =>
  applications.map((application) => encodeCsvRow(FIELDS.map((field) => application[field]))).join('');

/** `applications-2025-01-31.csv`, dated in UTC so every admin gets the same name for the same moment. */
export const applicationsCsvFileName = (now: Date) => `applications-${now.toISOString().slice(0, 10)}.csv`;

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
