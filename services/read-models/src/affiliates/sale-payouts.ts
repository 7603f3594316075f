// The payout side of affiliate_sales: PayoutBatchCreated names the commissions (sales) it
// took, PayoutBatchPaid pays them. Each write only fills what is still empty, so a replay
// changes nothing; both follow the sale's verification in the log, which the batch's
// other writes in applyBatch come before.

import type { PoolClient } from '@acres/platform/db';
import type { SalePayout } from './sale-fold.ts';

export { parseSalePayout, SALE_PAYOUT_EVENTS, type SalePayout } from './sale-fold.ts';

/** Applies the payouts in log order; a batch naming a sale the table lacks stops the projection. */
export const applySalePayouts = async (client: PoolClient, table: string, payouts: readonly SalePayout[]) => {
  for (const payout of payouts) {
    if (payout.kind === 'batched') {
      await client.query(
        `UPDATE ${table} SET payout_batch_id = $1, payout_reference = $2
          WHERE id = ANY($3::uuid[]) AND payout_batch_id IS NULL`,
        [payout.batchId, payout.reference, payout.saleIds],
      );
      const { rows } = await client.query<{ id: string }>(
        `SELECT id::text AS id FROM unnest($1::uuid[]) AS d(id)
          WHERE NOT EXISTS (SELECT 1 FROM ${table} s WHERE s.id = d.id AND s.payout_batch_id = $2 AND s.status = 'verified')`,
        [payout.saleIds, payout.batchId],
      );
      if (rows.length > 0) {
        throw new Error(`a payout batch names a commission that is not a verified sale: ${rows.map((row) => row.id).join(', ')}`);
      }
    } else {
      await client.query(
        `UPDATE ${table} SET transfer_reference = $2, paid_at = $3 WHERE payout_batch_id = $1 AND paid_at IS NULL`,
        [payout.batchId, payout.transferReference, payout.paidAt],
      );
    }
  }
};
