import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthSessionResponseSchema,
  SIGN_IN_FAILED_MESSAGE,
  SIGN_UP_ACCEPTED_MESSAGE,
  SignInRequestSchema,
  SignUpAcceptedResponseSchema,
  SignUpRequestSchema,
} from '@acres/contracts';
import { sendProblem } from '@acres/platform/http-errors';
import { createSession } from '@acres/platform/sessions';
import { clientAddressOf } from '@acres/platform/throttle/failure-throttle';
import { requireJsonContentType, requireJsonObjectBody } from '../../commands/content-type.ts';
import { buildCommandContext } from '../../commands/request-context.ts';
import { readUserProfile } from '../accounts.ts';
import { checkPassword } from '../check-password.ts';
import type { IdentityDeps } from '../deps.ts';
import { signUp } from '../sign-up.ts';
import { sendTooManyAttempts } from './rate-limit.ts';

const BODY_LIMIT = 8 * 1024;
const jsonOnly = { onRequest: requireJsonContentType, preValidation: requireJsonObjectBody, bodyLimit: BODY_LIMIT };

/** The account behind a password sign-in, or null: the profile of a registered user whose password matches. */
const findSignInProfile = async (deps: IdentityDeps, options: { email: string; password: string; log: FastifyBaseLogger }) => {
  const userId = await checkPassword(deps, options.email, options.password);
  // A password row without UserRegistered is a sign-up that never finished: no account.
  const profile = userId ? await readUserProfile(deps.eventStore, userId) : null;
  if (!profile) options.log.info({ reason: userId ? 'unfinished account' : 'bad credentials' }, 'sign-in refused');
  return profile;
};

export const registerPasswordRoutes = (app: FastifyInstance, deps: IdentityDeps) => {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/auth/signup',
    {
      ...jsonOnly,
      // After validation, so a refused form costs nothing; then every sign-up counts,
      // since each costs a password hash and can probe which emails exist.
      preHandler: deps.signUpLimit,
      schema: { body: SignUpRequestSchema, response: { 202: SignUpAcceptedResponseSchema } },
    },
    async (request, reply) => {
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'SignUp', input: {} });
      // One answer for a new email, an account's and an erased account's, and no session: the
      // person signs in with their password (before confirming, too) or through the emailed link.
      const outcome = await signUp(deps, {
        input: request.body,
        clientAddress: clientAddressOf(request),
        context: { ...context, actor: { kind: 'visitor', id: null }, idempotency: null },
        log: request.log,
      });
      request.log.info({ outcome }, 'sign-up answered');
      return reply.status(202).send({ message: SIGN_UP_ACCEPTED_MESSAGE });
    },
  );

  route.post(
    '/api/auth/signin',
    { ...jsonOnly, schema: { body: SignInRequestSchema, response: { 200: AuthSessionResponseSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const outcome = await deps.signInThrottle.attempt({ account: email, address: clientAddressOf(request) }, () =>
        findSignInProfile(deps, { email, password, log: request.log }),
      );
      if (outcome.kind === 'blocked')
        return sendTooManyAttempts(reply, { retryAfterSeconds: outcome.retryAfterSeconds, what: 'sign-in' });
      // One message for an unknown email and a wrong password: no account enumeration.
      if (outcome.kind === 'refused') return sendProblem(reply, { status: 401, detail: SIGN_IN_FAILED_MESSAGE });
      const profile = outcome.value;
      await createSession({ pool: deps.pool, user: { id: profile.user.id, email: profile.user.email }, reply });
      request.log.info({ userId: profile.user.id }, 'user signed in');
      return reply
        .status(200)
        .send({ user: profile.user, ...(profile.position > 0n ? { position: profile.position.toString() } : {}) });
    },
  );
};
