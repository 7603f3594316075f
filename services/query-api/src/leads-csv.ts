import { Readable } from 'node:stream';
import type { Lead } from '@acres/contracts/lead';
import type { Queryable } from '@acres/platform';
import { encodeCsvRow, UTF8_BOM, type CsvValue } from './csv.ts';
import { readLeadsPage, type LeadCursor } from './read-models/leads.ts';

export const DEFAULT_EXPORT_PAGE_SIZE = 1000;

const COLUMNS: readonly [header: string, cell: (lead: Lead) => CsvValue][] = [
  ['ID', (lead) => lead.id],
  ['Full Name', (lead) => lead.fullName],
  ['Company', (lead) => lead.company],
  ['Email', (lead) => lead.email],
  ['Phone', (lead) => lead.phoneE164],
  ['Role', (lead) => lead.role],
  ['Intended Acres', (lead) => lead.intendedAcres],
  ['Price Band', (lead) => lead.priceBand],
  ['Commitment', (lead) => lead.commitment],
  ['Notes', (lead) => lead.notes],
  ['Consent', (lead) => (lead.consent ? 'yes' : 'no')],
  ['Referral Code', (lead) => lead.referralCode],
  ['Created At', (lead) => lead.createdAt],
];

export const LEADS_CSV_HEADER = COLUMNS.map(([header]) => header);

const encodePage = (leads: readonly Lead[]) => leads.map((lead) => encodeCsvRow(COLUMNS.map(([, cell]) => cell(lead)))).join('');

/** `leads-2025-01-31.csv`, dated in UTC so every admin gets the same name for the same moment. */
export const leadsCsvFileName = (now: Date) => `leads-${now.toISOString().slice(0, 10)}.csv`;

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
