// Payout batches as the admin reads them: the batches, the commissions still unpaid up to
// a date, and one batch's transfers per affiliate for the bank.

import { STATEMENT_TIME_ZONE } from '@acres/contracts/affiliate-reads';
import type { PayoutBatch, UnpaidCommissionsResponse } from '@acres/contracts/payout';
import type { Queryable } from '@acres/platform';
import { AFFILIATE_SALES } from '../affiliates/affiliate-sales.ts';
import { AFFILIATES } from '../affiliates/affiliates.ts';
import { PAYOUT_BATCH_VIEW_COLUMNS, PAYOUT_BATCHES, toPayoutBatch, type PayoutBatchView } from './payout-batches.ts';

/** How many batches the admin's list shows: one a month is years of them. */
export const PAYOUT_BATCH_LIST_LIMIT = 120;

export const listPayoutBatches = async (db: Queryable): Promise<PayoutBatch[]> => {
  const { rows } = await db.query<PayoutBatchView>(
    `SELECT ${PAYOUT_BATCH_VIEW_COLUMNS} FROM ${PAYOUT_BATCHES.table} b ORDER BY b.created_at DESC, b.id DESC LIMIT $1`,
    [PAYOUT_BATCH_LIST_LIMIT],
  );
  return rows.map(toPayoutBatch);
};

export const readPayoutBatch = async (db: Queryable, batchId: string): Promise<PayoutBatch | null> => {
  const { rows } = await db.query<PayoutBatchView>(
    `SELECT ${PAYOUT_BATCH_VIEW_COLUMNS} FROM ${PAYOUT_BATCHES.table} b WHERE b.id = $1`,
    [batchId],
  );
  return rows[0] ? toPayoutBatch(rows[0]) : null;
};

// A batch's date means the end of that day in Lagos, like the statements' months.
const UNPAID_SQL = `
  SELECT s.id AS sale_id, s.affiliate_id, a.full_name AS affiliate_name, s.client_name, s.verified_at,
         s.computed_commission AS amount
    FROM ${AFFILIATE_SALES.table} s LEFT JOIN ${AFFILIATES.table} a ON a.id = s.affiliate_id
   WHERE s.status = 'verified' AND s.payout_batch_id IS NULL
     AND s.verified_at < (($1::date + 1)::timestamp AT TIME ZONE $2)
   ORDER BY s.verified_at, s.id
   LIMIT $3`;

type UnpaidRow = {
  sale_id: string;
  affiliate_id: string;
  affiliate_name: string | null;
  client_name: string;
  verified_at: Date;
  amount: number;
};

/** Verified commissions no batch holds yet, verified up to the end of upTo in Lagos; at most `limit`. */
export const listUnpaidCommissions = async (
  db: Queryable,
  options: { upTo: string; limit: number },
): Promise<UnpaidCommissionsResponse> => {
  const { rows } = await db.query<UnpaidRow>(UNPAID_SQL, [options.upTo, STATEMENT_TIME_ZONE, options.limit]);
  const commissions = rows.map((row) => ({
    saleId: row.sale_id,
    affiliateId: row.affiliate_id,
    affiliateName: row.affiliate_name,
    clientName: row.client_name,
    verifiedAt: row.verified_at.toISOString(),
    amount: row.amount,
  }));
  return { upTo: options.upTo, commissions, total: commissions.reduce((sum, each) => sum + each.amount, 0) };
};

export type PayoutTransferRow = {
  affiliate_id: string;
  affiliate_name: string | null;
  bank_name: string | null;
  account_number: string | null;
  account_name: string | null;
  commissions: number;
  amount: number;
};

/** One transfer per affiliate of the batch, by name: the sum of their commissions in it. */
export const listPayoutTransfers = async (db: Queryable, batchId: string): Promise<PayoutTransferRow[]> => {
  const { rows } = await db.query<PayoutTransferRow>(
    `SELECT s.affiliate_id, a.full_name AS affiliate_name, a.bank_name, a.account_number, a.account_name,
            count(*)::int AS commissions, sum(s.computed_commission)::bigint AS amount
       FROM ${AFFILIATE_SALES.table} s LEFT JOIN ${AFFILIATES.table} a ON a.id = s.affiliate_id
      WHERE s.payout_batch_id = $1
      GROUP BY s.affiliate_id, a.full_name, a.bank_name, a.account_number, a.account_name
      ORDER BY a.full_name, s.affiliate_id`,
    [batchId],
  );
  return rows;
};
