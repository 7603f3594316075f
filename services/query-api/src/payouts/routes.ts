// The admin's payout reads (issue 12): batches, the unpaid commissions a new batch would
// take, and one batch as a CSV for the bank. Behind the admin guard.

import { DomainError } from '@acres/contracts/errors';
import {
  MAX_PAYOUT_COMMISSIONS,
  PayoutBatchesResponseSchema,
  UnpaidCommissionsQuerySchema,
  UnpaidCommissionsResponseSchema,
} from '@acres/contracts/payout';
import { AFFILIATE_SALES } from '@acres/read-models/affiliate-sales';
import { AFFILIATES } from '@acres/read-models/affiliates';
import { PAYOUT_BATCHES } from '@acres/read-models/payout-batches';
import { z } from 'zod';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { encodePayoutCsv, payoutCsvFileName } from './payout-csv.ts';
import {
  listPayoutBatches,
  listPayoutTransfers,
  listUnpaidCommissions,
  readPayoutBatch,
} from '@acres/read-models/payout-batches-queries';
import { sendCsv } from '../shared/csv.ts';

const PAYOUT_READS = [PAYOUT_BATCHES.name, AFFILIATE_SALES.name, AFFILIATES.name];

const BatchParamsSchema = z.object({
  id: z.guid({ error: 'Payout batch id must be a uuid' }).transform((id) => id.toLowerCase()),
});

export const registerAdminPayoutRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/payouts',
    { schema: { response: { 200: PayoutBatchesResponseSchema } }, preHandler: deps.freshRead(PAYOUT_READS) },
    async () => ({ batches: await listPayoutBatches(deps.pool) }),
  );

  app.get(
    '/api/admin/payouts/unpaid',
    {
      schema: { querystring: UnpaidCommissionsQuerySchema, response: { 200: UnpaidCommissionsResponseSchema } },
      preHandler: deps.freshRead(PAYOUT_READS),
    },
    async (request) => listUnpaidCommissions(deps.pool, { upTo: request.query.upTo, limit: MAX_PAYOUT_COMMISSIONS }),
  );

  app.get(
    '/api/admin/payouts/:id/export.csv',
    { schema: { params: BatchParamsSchema }, preHandler: deps.freshRead(PAYOUT_READS) },
    async (request, reply) => {
      const batch = await readPayoutBatch(deps.pool, request.params.id);
      if (!batch) throw new DomainError('not_found', 'Payout batch not found');
      const rows = await listPayoutTransfers(deps.pool, batch.id);
      return sendCsv(reply, payoutCsvFileName(batch), encodePayoutCsv(batch, rows));
    },
  );
};
