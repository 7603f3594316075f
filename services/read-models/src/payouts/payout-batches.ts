// Affiliate payout batches (issue 12): one row per PayoutBatchCreated on the `payouts`
// stream, moved once by PayoutBatchPaid (the projector's projections/payouts). The
// batch's commissions are the affiliate_sales rows whose payout_batch_id names it.

import { PayoutBatchSchema, type PayoutBatch } from '@acres/contracts/payout';
import { defineReadModel, selectList, type Position, type SqlTypes } from '../shared/read-model.ts';
import { createRowCodec, type RowOf } from '../shared/row-codec.ts';

export const PAYOUT_BATCHES = defineReadModel('payout-batches', 'payout_batches', '1700000000017_affiliate-payouts.sql');

/** PayoutBatch ↔ its columns: the batch's own total (the sum of its items' commissions), its day 'YYYY-MM-DD'. */
export const PAYOUT_BATCH_ROW = createRowCodec(PayoutBatchSchema, { id: 'uuid', upTo: 'date', total: 'bigint' });

/** The columns a PayoutBatch is made of. */
export type PayoutBatchView = RowOf<PayoutBatch>;

export type PayoutBatchRow = PayoutBatchView & { global_position: Position };

export const PAYOUT_BATCH_COLUMNS = {
  ...PAYOUT_BATCH_ROW.columns,
  global_position: 'bigint',
} as const satisfies SqlTypes<PayoutBatchRow>;

/** SELECT list of a PayoutBatchView from `payout_batches b`. */
export const PAYOUT_BATCH_VIEW_COLUMNS = selectList(PAYOUT_BATCH_ROW.columns, { alias: 'b' });

export const toPayoutBatch = (row: PayoutBatchView): PayoutBatch => PAYOUT_BATCH_ROW.fromRow(row);
