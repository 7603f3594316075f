import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommandAcceptedSchema, CreatePaymentRequestSchema } from '@acres/contracts';
import { requireUser } from '@acres/platform/sessions';
import { COMMAND_BODY_LIMIT, sendAccepted } from '../commands/accepted.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import { submitPaymentProof, type FindProof } from './submit-payment-proof.ts';

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
      // The signed-in user is the actor.
      const context = buildCommandContext({
        request,
        now: deps.now(),
        commandName: 'SubmitPaymentProof',
        input: { userId: user.id, payment: request.body },
      });
      const outcome = await submitPaymentProof({ deps, findProof: deps.findProof, user, input: request.body, context });
      return sendAccepted(reply, outcome);
    },
  );
};
