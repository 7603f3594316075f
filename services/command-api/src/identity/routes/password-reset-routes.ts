import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PasswordResetConfirmSchema,
  PasswordResetRequestedResponseSchema,
  PasswordResetRequestSchema,
} from '@acres/contracts';
import { destroySession } from '@acres/platform/sessions';
import { clientAddressOf } from '@acres/platform/throttle/failure-throttle';
import { requireJsonContentType, requireJsonObjectBody } from '../../commands/content-type.ts';
import { buildCommandContext } from '../../commands/request-context.ts';
import type { IdentityDeps } from '../deps.ts';
import { completePasswordReset, requestPasswordReset } from '../password-reset.ts';
import { sendTooManyAttempts } from './rate-limit.ts';

const jsonOnly = { onRequest: requireJsonContentType, preValidation: requireJsonObjectBody, bodyLimit: 8 * 1024 };

/**
 * Every request answers no sooner than this: looking up and appending for a known email
 * takes a few milliseconds more than finding nothing, and the answer's timing must not tell.
 */
export const PASSWORD_RESET_ANSWER_FLOOR_MS = 300;

/** The password reset routes of the built-in sign-in; not registered when an OpenID provider signs people in. */
export const registerPasswordResetRoutes = (app: FastifyInstance, deps: IdentityDeps & { linkSigningSecret: string }) => {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/auth/password-reset',
    { ...jsonOnly, schema: { body: PasswordResetRequestSchema, response: { 202: PasswordResetRequestedResponseSchema } } },
    async (request, reply) => {
      const started = performance.now();
      const { email } = request.body;
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'RequestPasswordReset', input: { email } });
      // Every request counts as a failure: a request that "passed" would clear the counter
      // for known emails only, and the 429s would then tell which emails have accounts.
      const outcome = await deps.passwordResetThrottle.attempt(
        { account: email, address: clientAddressOf(request) },
        async () => {
          const requested = await requestPasswordReset(deps, { email, context: { ...context, idempotency: null } });
          request.log.info({ requested }, 'password reset asked for');
          return null;
        },
      );
      if (outcome.kind === 'blocked')
        return sendTooManyAttempts(reply, { retryAfterSeconds: outcome.retryAfterSeconds, what: 'password reset' });
      await sleep(Math.max(0, PASSWORD_RESET_ANSWER_FLOOR_MS - (performance.now() - started)));
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    },
  );

  route.post(
    '/api/auth/password-reset/confirm',
    { ...jsonOnly, schema: { body: PasswordResetConfirmSchema } },
    async (request, reply) => {
      const { token, password } = request.body;
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'CompletePasswordReset', input: {} });
      const { userId, sessionsEnded } = await completePasswordReset(deps, { token, password, context });
      // This browser's own session, if it was that account's, is gone with the others: drop its cookie too.
      if (request.sessionUser?.id === userId) await destroySession({ pool: deps.pool, request, reply });
      request.log.info({ userId, sessionsEnded }, 'password reset completed');
      return reply.status(204).send();
    },
  );
};
