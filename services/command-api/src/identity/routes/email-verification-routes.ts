import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminEmailVerifiedResponseSchema,
  AuthSessionResponseSchema,
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_VERIFICATION_SENT_MESSAGE,
  EmailVerificationSentResponseSchema,
  VERIFY_EMAIL_PASSWORD_NEEDED_MESSAGE,
  VerifyEmailRequestSchema,
} from '@acres/contracts';
import { readEmailVerificationToken } from '@acres/platform/signing';
import { DomainError } from '@acres/contracts/errors';
import { staffOf } from '@acres/platform/admin-auth';
import { sendProblem } from '@acres/platform/http-errors';
import { createSession, requireUser } from '@acres/platform/sessions';
import { clientAddressOf } from '@acres/platform/throttle/failure-throttle';
import { requireJsonContentType, requireJsonObjectBody } from '../../commands/content-type.ts';
import type { AdminGuard } from '../../commands/deps.ts';
import { buildCommandContext } from '../../commands/request-context.ts';
import { readUserProfile } from '../accounts.ts';
import { checkPassword } from '../check-password.ts';
import type { IdentityDeps } from '../deps.ts';
import {
  checkEmailVerificationLink,
  requestEmailVerification,
  verifyEmailByLink,
  verifyEmailByStaff,
} from '../email-verification.ts';
import { sendTooManyAttempts } from './rate-limit.ts';

const jsonOnly = { onRequest: requireJsonContentType, preValidation: requireJsonObjectBody, bodyLimit: 8 * 1024 };

/**
 * POST /api/auth/verify-email (the emailed link's page posts its token) and
 * POST /api/auth/verify-email/resend (signed in, not yet verified). Registered with the link
 * signing secret that the notifier mints the links with.
 */
export const registerEmailVerificationRoutes = (app: FastifyInstance, deps: IdentityDeps & { linkSigningSecret: string }) => {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/auth/verify-email',
    { ...jsonOnly, schema: { body: VerifyEmailRequestSchema, response: { 200: AuthSessionResponseSchema } } },
    async (request, reply) => {
      const { token, password } = request.body;
      const ids = readEmailVerificationToken({ secret: deps.linkSigningSecret, token });
      // A forged token falls through to the link's own refusal (410); a genuine one confirms only
      // for someone who holds the account: its session, or its password.
      if (ids && request.sessionUser?.id !== ids.userId) {
        await checkEmailVerificationLink(deps, { ...ids, now: deps.now() });
        const profile = await readUserProfile(deps.eventStore, ids.userId);
        if (profile) {
          const email = profile.user.email.toLowerCase();
          const outcome = await deps.signInThrottle.attempt({ account: email, address: clientAddressOf(request) }, async () =>
            password !== undefined && (await checkPassword(deps, email, password)) === ids.userId ? true : null,
          );
          if (outcome.kind === 'blocked')
            return sendTooManyAttempts(reply, { retryAfterSeconds: outcome.retryAfterSeconds, what: 'sign-in' });
          if (outcome.kind === 'refused') {
            return sendProblem(reply, {
              status: 401,
              detail: VERIFY_EMAIL_PASSWORD_NEEDED_MESSAGE,
              errors: [{ field: 'password', message: VERIFY_EMAIL_PASSWORD_NEEDED_MESSAGE }],
            });
          }
        }
      }
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'VerifyEmail', input: {} });
      const { user, position } = await verifyEmailByLink(deps, { token, context });
      // The link came to the address's owner: opening it signs them in, as signing in does.
      await createSession({ pool: deps.pool, user: { id: user.id, email: user.email }, reply });
      request.log.info({ userId: user.id }, 'email verified through its link; signed in');
      return reply.status(200).send({ user, position: position.toString() });
    },
  );

  // No body: the link goes to the signed-in account's own email.
  route.post(
    '/api/auth/verify-email/resend',
    { preHandler: requireUser, schema: { response: { 202: EmailVerificationSentResponseSchema } } },
    async (request, reply) => {
      const session = request.sessionUser!;
      const profile = await readUserProfile(deps.eventStore, session.id);
      if (!profile) return sendProblem(reply, { status: 401, detail: 'Unauthorized' });
      if (profile.user.emailVerified) throw new DomainError('conflict', EMAIL_ALREADY_VERIFIED_MESSAGE);
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'ResendEmailVerification', input: {} });
      // Per address and client address, shared with the sign-up's notes to an existing account's
      // owner; every request counts, so the account and the address it writes to are both bounded.
      const outcome = await deps.emailThrottle.attempt(
        { account: profile.user.email.toLowerCase(), address: clientAddressOf(request) },
        async () => {
          await requestEmailVerification(deps, { userId: session.id, context });
          return null;
        },
      );
      if (outcome.kind === 'blocked')
        return sendTooManyAttempts(reply, { retryAfterSeconds: outcome.retryAfterSeconds, what: 'confirmation email' });
      request.log.info({ userId: session.id }, 'email verification link sent again');
      return reply.status(202).send({ message: EMAIL_VERIFICATION_SENT_MESSAGE });
    },
  );
};

const UserIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a user id' }) });

/**
 * POST /api/admin/users/:id/verify-email behind the admin guard: a staff member confirms the
 * account's current email by hand (the embedded default sends no email). The event names them,
 * and the Audit log shows it.
 */
export const registerAdminEmailVerificationRoute = (
  app: FastifyInstance,
  deps: Pick<IdentityDeps, 'eventStore' | 'now' | 'newId'> & { adminGuard: AdminGuard },
) =>
  app.register(async (admin) => {
    admin.addHook('onRequest', deps.adminGuard);
    admin.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    admin
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/admin/users/:id/verify-email',
        { schema: { params: UserIdParamsSchema, response: { 200: AdminEmailVerifiedResponseSchema } } },
        async (request) => {
          const verifiedBy = staffOf(request).id;
          const context = {
            ...buildCommandContext({ request, now: deps.now(), commandName: 'VerifyEmailByStaff', input: {} }),
            actor: { kind: 'admin' as const, id: verifiedBy },
          };
          const { user, position } = await verifyEmailByStaff(deps, { userId: request.params.id, verifiedBy, context });
          request.log.info({ userId: user.id }, 'email verified by staff');
          return {
            userId: user.id,
            email: user.email,
            verifiedAt: context.now.toISOString(),
            verifiedBy,
            position: position.toString(),
          };
        },
      );
  });
