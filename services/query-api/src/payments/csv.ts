// The payment audit's CSV export (issue 12, item 3): the filtered payments, newest first,
// as the bank auditor keeps them, with the event-log position they were taken at.

import { Readable } from 'node:stream';
import type { Payment } from '@acres/contracts/payment';
import type { AdminPaymentsFilter } from '@acres/contracts/payment-audit';
import type { Pool, PoolClient } from '@acres/platform';
import { readCheckpoints } from '@acres/read-models/checkpoints';
import { PAYMENTS, readPaymentsPage, type PaymentKey } from '@acres/read-models/payments';
import { csvFileName, encodeCsvRow, UTF8_BOM, type CsvValue } from '../shared/csv.ts';
import { formatSortableLagosTime } from '@acres/contracts/lagos-time';

export const DEFAULT_EXPORT_PAGE_SIZE = 1000;

// An auditor reads Lagos wall-clock time, sortable as text: '2026-11-26 13:45:09'.
const formatLagosTime = (iso: string | null) => (iso === null ? null : formatSortableLagosTime(iso));

const COLUMNS: readonly [string, (payment: Payment) => CsvValue][] = [
  ['Payment ID', (p) => p.id],
  ['Submitted At (WAT)', (p) => formatLagosTime(p.submittedAt)],
  ['Investor Name', (p) => p.submitterName ?? null],
  ['Investor Email', (p) => p.submitterEmail ?? null],
  ['Investor ID', (p) => p.userId],
  ['Acres', (p) => p.acres],
  ['Amount (NGN)', (p) => p.amount],
  ['Expected Amount (NGN)', (p) => p.expectedAmount],
  ['Difference (NGN)', (p) => p.amountDifference],
  ['Status', (p) => p.status],
  ['Decided By', (p) => p.approvedBy],
  ['Decided At (WAT)', (p) => formatLagosTime(p.processedAt)],
  ['Admin Notes', (p) => p.adminNotes],
  ['Proof Image', (p) => p.proofImagePath],
];

export const PAYMENTS_CSV_HEADER = COLUMNS.map(([header]) => header);

const encodePage = (payments: readonly Payment[]) =>
  payments.map((payment) => encodeCsvRow(COLUMNS.map(([, cell]) => cell(payment)))).join('');

const describeFilter = (filter: AdminPaymentsFilter) => {
  const parts = [
    filter.search ? `search "${filter.search}"` : null,
    filter.status ? `status ${filter.status}` : null,
    filter.from ? `submitted from ${filter.from}` : null,
    filter.to ? `submitted to ${filter.to}` : null,
    filter.investor ? `investor ${filter.investor}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'none (every payment)';
};

/**
 * The file's last line, after the rows: what they are as at. A saved file loses its response
 * headers, so the position travels in the file itself, but below the data: a spreadsheet
 * takes the first line for the header row. No clock time: the same position and filters
 * give the same bytes (issue 14 item 6); the file name has the day.
 */
export const exportTrailer = (options: { position: bigint; filter: AdminPaymentsFilter }) =>
  `Acres payment audit as at event-log position ${options.position}; filters: ${describeFilter(options.filter)}`;

/** `payments-2026-11-26-at-12345.csv`: the Lagos day and the position. */
export const paymentsCsvFileName = (now: Date, position: bigint) => csvFileName('payments', now, `-at-${position}`);

/**
 * The filtered payments as a CSV stream pulled one keyset page at a time, all read in one
 * REPEATABLE READ snapshot together with the payments projection's checkpoint: every row is
 * exactly the log up to that position, however long the download takes and whatever the
 * projector writes meanwhile. The first page is read before the stream is returned, so a
 * database failure is an ordinary error response; the snapshot's connection goes back to
 * the pool when the stream ends, fails or the client goes away.
 */
export const createPaymentsCsvStream = async (options: {
  pool: Pool;
  filter: AdminPaymentsFilter;
  now: Date;
  pageSize?: number;
}): Promise<{ stream: Readable; position: bigint }> => {
  const limit = options.pageSize ?? DEFAULT_EXPORT_PAGE_SIZE;
  const client: PoolClient = await options.pool.connect();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    // A connection left in a transaction (or broken) is discarded instead of reused.
    client.release(error ?? true);
  };
  let position: bigint;
  let first: Awaited<ReturnType<typeof readPaymentsPage>>;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [checkpoint] = await readCheckpoints(client, [PAYMENTS.name]);
    position = checkpoint?.position ?? 0n;
    first = await readPaymentsPage(client, { filter: options.filter, limit });
  } catch (error) {
    release(error instanceof Error ? error : undefined);
    throw error;
  }

  async function* generateCsv() {
    try {
      yield UTF8_BOM + encodeCsvRow(PAYMENTS_CSV_HEADER) + encodePage(first.payments);
      let after: PaymentKey | undefined = first.next;
      while (after) {
        const page = await readPaymentsPage(client, { filter: options.filter, after, limit });
        if (page.payments.length > 0) yield encodePage(page.payments);
        after = page.next;
      }
      yield encodeCsvRow([exportTrailer({ position, filter: options.filter })]);
      await client.query('COMMIT');
      released = true;
      client.release();
    } finally {
      release();
    }
  }

  const stream = Readable.from(generateCsv(), { objectMode: false });
  // Destroyed before its first read, the generator never starts and its finally never runs.
  stream.once('close', () => release());
  return { stream, position };
};
