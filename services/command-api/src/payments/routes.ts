import type { FastifyInstance } from 'fastify';
import { CommandAcceptedSchema, CreatePaymentRequestSchema } from '@acres/contracts';
import type { CommandDeps } from '../commands/deps.ts';
import { postUserCommand } from '../commands/user-command-route.ts';
import { submitPaymentProof, type FindProof } from './submit-payment-proof.ts';

/** POST /api/payments, in a context with session support: the investor submits a proof. */
export const registerPaymentRoutes = (app: FastifyInstance, deps: CommandDeps & { findProof: FindProof }) => {
  postUserCommand(app, {
    path: '/api/payments',
    body: CreatePaymentRequestSchema,
    accepted: CommandAcceptedSchema,
    commandName: 'SubmitPaymentProof',
    now: deps.now,
    inputOf: (userId, payment) => ({ userId, payment }),
    run: (user, input, context) => submitPaymentProof({ deps, findProof: deps.findProof, user, input, context }),
  });
};
