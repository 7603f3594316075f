// Affiliate payout batches (issue 12): one row per PayoutBatchCreated on the `payouts`
// stream, moved once by PayoutBatchPaid (the projector's projections/payouts). The
// batch's commissions are the affiliate_sales rows whose payout_batch_id names it.

import type { PayoutBatch } from '@acres/contracts/payout';
import { defineReadModel, selectList, type Position, type SqlTypes } from '../shared/read-model.ts';

export const PAYOUT_BATCHES = defineReadModel('payout-batches', 'payout_batches', '1700000000017_affiliate-payouts.sql');

export type PayoutBatchRow = {
  id: string;
  /** 'YYYY-MM-DD' (selected as text). */
  up_to: string;
  reference: string;
  commissions: number;
  affiliates: number;
  /** The event's total: the sum of its items' commissions. */
  total: number;
  status: 'created' | 'paid';
  created_by: string;
  created_at: Date;
  transfer_reference: string | null;
  paid_by: string | null;
  paid_at: Date | null;
  global_position: Position;
};

export const PAYOUT_BATCH_COLUMNS = {
  id: 'uuid',
  up_to: 'date',
  reference: 'text',
  commissions: 'integer',
  affiliates: 'integer',
  total: 'bigint',
  status: 'text',
  created_by: 'text',
  created_at: 'timestamptz',
  transfer_reference: 'text',
  paid_by: 'text',
  paid_at: 'timestamptz',
  global_position: 'bigint',
} as const satisfies SqlTypes<PayoutBatchRow>;

export type PayoutBatchView = Omit<PayoutBatchRow, 'global_position'>;

/** SELECT list of a PayoutBatchView from `payout_batches b`. */
export const PAYOUT_BATCH_VIEW_COLUMNS = selectList(PAYOUT_BATCH_COLUMNS, { omit: ['global_position'], alias: 'b' });

export const toPayoutBatch = (row: PayoutBatchView): PayoutBatch => ({
  id: row.id,
  upTo: row.up_to,
  reference: row.reference,
  commissions: row.commissions,
  affiliates: row.affiliates,
  total: row.total,
  status: row.status,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  transferReference: row.transfer_reference,
  paidBy: row.paid_by,
  paidAt: row.paid_at?.toISOString() ?? null,
});
