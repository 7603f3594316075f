import {
  type CreatePayoutBatch,
  type MarkPayoutBatchPaid,
  type PayoutBatchAccepted,
  PayoutBatchAcceptedSchema,
  PayoutBatchesResponseSchema,
  UnpaidCommissionsResponseSchema,
} from '@acres/contracts';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';
import { downloadAdminCsv } from './download-csv';
import { ADMIN_PAYOUTS_PREFIX, isSaleDecisionKey } from './affiliates-api';
import { recordPath, sendAdminCommand } from '@/features/admin/shell/api/admin-client';
import { useRefreshMatching } from '@/features/admin/shell/api/use-admin-query';

export function useAdminPayoutBatches() {
  return useAdminQuery(ADMIN_PAYOUTS_PREFIX, PayoutBatchesResponseSchema);
}

/** The verified commissions no batch holds yet, verified up to the end of upTo ('YYYY-MM-DD', Lagos). */
export function useUnpaidCommissions(upTo: string | null) {
  return useAdminQuery(
    upTo ? `${ADMIN_PAYOUTS_PREFIX}/unpaid?upTo=${encodeURIComponent(upTo)}` : null,
    UnpaidCommissionsResponseSchema,
  );
}

/** After a payout command: the batches, the unpaid commissions and the sales lists, fetched again. */
export function useRefreshAfterPayout(): () => Promise<unknown> {
  // The same screens as a sale decision: batches, unpaid commissions, statements and sales.
  return useRefreshMatching(isSaleDecisionKey);
}

export async function createPayoutBatch(authorization: string, body: CreatePayoutBatch): Promise<PayoutBatchAccepted> {
  return sendAdminCommand(authorization, 'POST', ADMIN_PAYOUTS_PREFIX, body, PayoutBatchAcceptedSchema);
}

export const markPayoutBatchPaid = (authorization: string, batchId: string, body: MarkPayoutBatchPaid) =>
  sendAdminCommand(authorization, 'POST', recordPath(ADMIN_PAYOUTS_PREFIX, batchId, 'paid'), body, PayoutBatchAcceptedSchema);

export function downloadPayoutCsv(authorization: string, batchId: string) {
  return downloadAdminCsv(authorization, `${ADMIN_PAYOUTS_PREFIX}/${encodeURIComponent(batchId)}/export.csv`, 'payout.csv');
}
