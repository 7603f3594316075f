import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentStatusUpdatedSchema, PaymentStatusUpdateSchema } from '@acres/contracts';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { buildAdminCommandContext } from '../commands/request-context.ts';
import type { AllocationWriter } from '../allocation/allocation-writer.ts';
import { updatePaymentStatus } from './update-payment-status.ts';

export const PAYMENT_ID_MESSAGE = 'Payment id must be a uuid';

const PaymentParamsSchema = z.object({
  // z.guid(), not z.uuid(): any 8-4-4-4-12 hex id passes on to the lookup and answers 404
  // when unknown, as before; only a malformed one is a 400.
  id: z.guid({ error: PAYMENT_ID_MESSAGE }).transform((id) => id.toLowerCase()),
});

/** PUT /api/admin/payments/:id/status, in a context behind the admin guard. */
export const registerAdminPaymentRoutes = (app: FastifyInstance, deps: CommandDeps & { allocation: AllocationWriter }) => {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/admin/payments/:id/status',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { params: PaymentParamsSchema, body: PaymentStatusUpdateSchema, response: { 200: PaymentStatusUpdatedSchema } },
    },
    async (request) => {
      const input = { request, now: deps.now(), commandName: 'UpdatePaymentStatus', input: request.body };
      const { adminUsername, context } = buildAdminCommandContext(input);
      return updatePaymentStatus({
        eventStore: deps.eventStore,
        allocation: deps.allocation,
        paymentId: request.params.id,
        update: request.body,
        adminUsername,
        context,
      });
    },
  );
};
