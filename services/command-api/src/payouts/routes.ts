import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreatePayoutBatchSchema, MarkPayoutBatchPaidSchema, PayoutBatchAcceptedSchema } from '@acres/contracts';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { buildAdminCommandContext } from '../commands/request-context.ts';
import type { FindSaleOwner } from '../affiliates/sale-owner.ts';
import { createPayoutBatch, markPayoutBatchPaid } from './batches.ts';

export const PAYOUT_BATCH_ID_MESSAGE = 'Payout batch id must be a uuid';

const BatchParamsSchema = z.object({
  id: z.guid({ error: PAYOUT_BATCH_ID_MESSAGE }).transform((id) => id.toLowerCase()),
});

// A batch of up to 2,000 sale ids is about 80 KB of JSON.
const PAYOUT_BODY_LIMIT = Math.max(COMMAND_BODY_LIMIT, 128 * 1024);

const adminContext = (request: FastifyRequest, deps: CommandDeps, commandName: string, input: unknown) =>
  buildAdminCommandContext({ request, now: deps.now(), commandName, input });

/** POST /api/admin/payouts and /api/admin/payouts/:id/paid, behind the admin guard. */
export const registerAdminPayoutRoutes = (app: FastifyInstance, deps: CommandDeps & { findSaleOwner: FindSaleOwner }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/admin/payouts',
    {
      bodyLimit: PAYOUT_BODY_LIMIT,
      schema: { body: CreatePayoutBatchSchema, response: { 201: PayoutBatchAcceptedSchema } },
    },
    async (request, reply) => {
      const { adminUsername, context } = adminContext(request, deps, 'CreatePayoutBatch', request.body);
      const answer = await createPayoutBatch({
        deps,
        findSaleOwner: deps.findSaleOwner,
        input: request.body,
        adminUsername,
        context,
      });
      return reply.code(201).send(answer);
    },
  );
  typed.post(
    '/api/admin/payouts/:id/paid',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { params: BatchParamsSchema, body: MarkPayoutBatchPaidSchema, response: { 200: PayoutBatchAcceptedSchema } },
    },
    async (request) => {
      const { adminUsername, context } = adminContext(request, deps, 'MarkPayoutBatchPaid', request.body);
      return markPayoutBatchPaid({ deps, batchId: request.params.id, input: request.body, adminUsername, context });
    },
  );
};
