import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthSessionResponseSchema,
  SIGN_IN_FAILED_MESSAGE,
  SignInRequestSchema,
  SignUpRequestSchema,
} from '@acres/contracts';
import { sendProblem } from '@acres/platform/http-errors';
import { createSession } from '@acres/platform/sessions';
import { requireJsonContentType, requireJsonObjectBody } from '../../content-type.ts';
import { buildCommandContext } from '../../request-context.ts';
import { readUserProfile, registerAccount } from '../accounts.ts';
import { findCredentialsByEmail, NO_PASSWORD } from '../credentials.ts';
import type { IdentityDeps } from '../deps.ts';
import { getDummyHash, hashPassword, verifyPassword } from '../passwords.ts';
import { sendTooManyAttempts } from './rate-limit.ts';

const BODY_LIMIT = 8 * 1024;
const jsonOnly = { onRequest: requireJsonContentType, preValidation: requireJsonObjectBody, bodyLimit: BODY_LIMIT };

/** The password check, costing one scrypt whether or not the email has a password. */
const checkPassword = async (deps: IdentityDeps, email: string, password: string) => {
  const credentials = await findCredentialsByEmail(deps.pool, email);
  const usable = credentials !== null && credentials.passwordHash !== NO_PASSWORD;
  const ok = await verifyPassword(password, usable ? credentials.passwordHash : await getDummyHash());
  return usable && ok ? credentials.userId : null;
};

export const registerPasswordRoutes = (app: FastifyInstance, deps: IdentityDeps) => {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/auth/signup',
    { ...jsonOnly, schema: { body: SignUpRequestSchema, response: { 201: AuthSessionResponseSchema } } },
    async (request, reply) => {
      const wait = deps.limiters.signUpByIp.retryAfter(request.ip);
      if (wait !== null) return sendTooManyAttempts(reply, { retryAfterSeconds: wait, what: 'sign-up' });
      // Every sign-up counts: each costs a password hash and can probe which emails exist.
      deps.limiters.signUpByIp.recordFailure(request.ip);

      const { email, password, firstName, lastName } = request.body;
      const passwordHash = await hashPassword(password);
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'SignUp', input: { email } });
      const { user, position } = await registerAccount(
        deps,
        { email, firstName, lastName, profileImageUrl: null, authProvider: 'password', passwordHash },
        { ...context, idempotency: null },
      );
      await createSession({ pool: deps.pool, user: { id: user.id, email: user.email }, reply });
      request.log.info({ userId: user.id }, 'user signed up');
      return reply.status(201).send({ user, position: position.toString() });
    },
  );

  route.post(
    '/api/auth/signin',
    { ...jsonOnly, schema: { body: SignInRequestSchema, response: { 200: AuthSessionResponseSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const emailKey = `email:${email}`;
      const wait = Math.max(
        deps.limiters.signInByIp.retryAfter(request.ip) ?? 0,
        deps.limiters.signInByEmail.retryAfter(emailKey) ?? 0,
      );
      if (wait > 0) return sendTooManyAttempts(reply, { retryAfterSeconds: wait, what: 'sign-in' });

      const userId = await checkPassword(deps, email, password);
      // A password row without UserRegistered is a sign-up that never finished: no account.
      const profile = userId ? await readUserProfile(deps.eventStore, userId) : null;
      if (!profile) {
        deps.limiters.signInByIp.recordFailure(request.ip);
        deps.limiters.signInByEmail.recordFailure(emailKey);
        request.log.info({ reason: userId ? 'unfinished account' : 'bad credentials' }, 'sign-in refused');
        // One message for an unknown email and a wrong password: no account enumeration.
        return sendProblem(reply, { status: 401, detail: SIGN_IN_FAILED_MESSAGE });
      }
      // Only the email's counter: resetting the address's would let one good account
      // wipe the record of guesses against others.
      deps.limiters.signInByEmail.reset(emailKey);
      await createSession({ pool: deps.pool, user: { id: profile.user.id, email: profile.user.email }, reply });
      request.log.info({ userId: profile.user.id }, 'user signed in');
      return reply.status(200).send({ user: profile.user, ...(profile.position > 0n ? { position: profile.position.toString() } : {}) });
    },
  );
};
