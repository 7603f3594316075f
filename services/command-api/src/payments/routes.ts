import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CommandAcceptedSchema, CreatePaymentRequestSchema, PaymentStatusUpdatedSchema, PaymentStatusUpdateSchema } from '@acres/contracts';
import { parseBasicAuth } from '@acres/platform/admin-auth';
import { requireUser } from '@acres/platform/sessions';
import type { CommandDeps } from '../commands/deps.ts';
import { buildCommandContext } from '../request-context.ts';
import { COMMAND_BODY_LIMIT, sendAccepted } from '../routes/accepted.ts';
import type { AllocationWriter } from './allocation-writer.ts';
import { submitPaymentProof, type FindProof } from './submit-payment-proof.ts';
import { updatePaymentStatus } from './update-payment-status.ts';

export const PAYMENT_ID_MESSAGE = 'Payment id must be a uuid';

const PaymentParamsSchema = z.object({
  // z.guid(), not z.uuid(): any 8-4-4-4-12 hex id passes on to the lookup and answers 404
  // when unknown, as before; only a malformed one is a 400.
  id: z.guid({ error: PAYMENT_ID_MESSAGE }).transform((id) => id.toLowerCase()),
});

/** POST /api/payments, in a context with session support: the investor submits a proof. */
export const registerPaymentRoutes = (app: FastifyInstance, deps: CommandDeps & { findProof: FindProof }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/payments',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      // onRequest, not preHandler: a stranger gets 401 before the body is even read.
      onRequest: requireUser,
      schema: { body: CreatePaymentRequestSchema, response: { 201: CommandAcceptedSchema } },
    },
    async (request, reply) => {
      const user = request.sessionUser!;
      const base = buildCommandContext({
        request,
        now: deps.now(),
        commandName: 'SubmitPaymentProof',
        input: { userId: user.id, payment: request.body },
      });
      const context = { ...base, actor: { kind: 'user' as const, id: user.id } };
      const outcome = await submitPaymentProof({ deps, findProof: deps.findProof, user, input: request.body, context });
      return sendAccepted(reply, outcome);
    },
  );
};

/** PUT /api/admin/payments/:id/status, in a context behind the admin guard. */
export const registerAdminPaymentRoutes = (app: FastifyInstance, deps: CommandDeps & { allocation: AllocationWriter }) => {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/admin/payments/:id/status',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { params: PaymentParamsSchema, body: PaymentStatusUpdateSchema, response: { 200: PaymentStatusUpdatedSchema } },
    },
    async (request) => {
      // The guard has checked the credentials; the username is who decided.
      const adminUsername = parseBasicAuth(request.headers.authorization)?.username ?? 'admin';
      const base = buildCommandContext({ request, now: deps.now(), commandName: 'UpdatePaymentStatus', input: request.body });
      const context = { ...base, actor: { kind: 'admin' as const, id: adminUsername }, idempotency: null };
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
