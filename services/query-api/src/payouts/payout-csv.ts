// A payout batch for the bank's bulk transfer upload: one line per affiliate with their
// bank details (SPEC 5's registration has them), the amount and the batch's narration.

import type { PayoutBatch } from '@acres/contracts/payout';
import { encodeCsvRow, UTF8_BOM, type CsvValue } from '../shared/csv.ts';
import type { PayoutTransferRow } from './queries.ts';

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

export const encodePayoutCsv = (batch: PayoutBatch, rows: readonly PayoutTransferRow[]): string =>
  UTF8_BOM +
  encodeCsvRow(PAYOUT_CSV_HEADER) +
  rows.map((row) => encodeCsvRow(COLUMNS.map(([, cell]) => cell(row, batch)))).join('');
