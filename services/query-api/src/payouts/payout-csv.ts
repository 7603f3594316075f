// A payout batch for the bank's bulk transfer upload: one line per affiliate with their
// bank details (SPEC 5's registration has them), the amount and the batch's narration.

import type { PayoutBatch } from '@acres/contracts/payout';
import { encodeCsvRow, UTF8_BOM, type CsvValue } from '../shared/csv.ts';
import type { PayoutTransferRow } from '@acres/read-models/payout-batches-queries';

const COLUMNS: readonly [header: string, cell: (row: PayoutTransferRow, batch: PayoutBatch) => CsvValue][] = [
  ['Affiliate Name', (row) => row.affiliate_name ?? ''],
  ['Bank Name', (row) => row.bank_name ?? ''],
  ['Account Number', (row) => row.account_number ?? ''],
  ['Account Name', (row) => row.account_name ?? ''],
  ['Amount (NGN)', (row) => row.amount],
  ['Reference', (_row, batch) => batch.reference],
  ['Commissions', (row) => row.commissions],
];

export const PAYOUT_CSV_HEADER = COLUMNS.map(([header]) => header);

/** `payout-ACRES-PO-20260630-7C7F6A.csv` */
export const payoutCsvFileName = (batch: PayoutBatch) => `payout-${batch.reference}.csv`;

// Control characters and the Unicode line and paragraph separators. Quoting alone is not
// enough: a bank's importer may read the file line by line, so a CR/LF inside a quoted
// account name (stored before the contracts refused them) would still be a second payment.
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line, whatever is stored: each run of control characters becomes one space. */
export const toOneLine = (value: CsvValue): CsvValue =>
  typeof value === 'string' ? value.replace(LINE_BREAKING, ' ').trim() : value;

/** One CSV line per payout: every text cell is made one line, then quoted by CSV rules (commas stay in their cell). */
export const encodePayoutCsv = (batch: PayoutBatch, rows: readonly PayoutTransferRow[]): string =>
  UTF8_BOM +
  encodeCsvRow(PAYOUT_CSV_HEADER) +
  rows.map((row) => encodeCsvRow(COLUMNS.map(([, cell]) => toOneLine(cell(row, batch))))).join('');
