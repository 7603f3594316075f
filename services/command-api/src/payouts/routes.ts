import type { FastifyInstance } from 'fastify';
import { CreatePayoutBatchSchema, MarkPayoutBatchPaidSchema, PayoutBatchAcceptedSchema } from '@acres/contracts';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { idParamsSchema, routeAdminCommand } from '../commands/admin-command-route.ts';
import type { FindSaleOwner } from '../affiliates/sale-owner.ts';
import { createPayoutBatch, markPayoutBatchPaid } from './batches.ts';

export const PAYOUT_BATCH_ID_MESSAGE = 'Payout batch id must be a uuid';

// A batch of up to 2,000 sale ids is about 80 KB of JSON.
const PAYOUT_BODY_LIMIT = Math.max(COMMAND_BODY_LIMIT, 128 * 1024);

/** POST /api/admin/payouts and /api/admin/payouts/:id/paid, behind the admin guard. */
export const registerAdminPayoutRoutes = (app: FastifyInstance, deps: CommandDeps & { findSaleOwner: FindSaleOwner }) => {
  routeAdminCommand(app, {
    method: 'POST',
    path: '/api/admin/payouts',
    body: CreatePayoutBatchSchema,
    answer: PayoutBatchAcceptedSchema,
    status: 201,
    bodyLimit: PAYOUT_BODY_LIMIT,
    commandName: 'CreatePayoutBatch',
    now: deps.now,
    run: ({ body, adminUsername, context }) =>
      createPayoutBatch({ deps, findSaleOwner: deps.findSaleOwner, input: body, adminUsername, context }),
  });
  routeAdminCommand(app, {
    method: 'POST',
    path: '/api/admin/payouts/:id/paid',
    params: idParamsSchema(PAYOUT_BATCH_ID_MESSAGE),
    body: MarkPayoutBatchPaidSchema,
    answer: PayoutBatchAcceptedSchema,
    commandName: 'MarkPayoutBatchPaid',
    now: deps.now,
    run: ({ params, body, adminUsername, context }) =>
      markPayoutBatchPaid({ deps, batchId: params.id, input: body, adminUsername, context }),
  });
};
