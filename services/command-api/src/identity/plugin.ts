import type { FastifyPluginAsync } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import { registerSessionSupport } from '@acres/platform/sessions';
import { rateLimitPlugin } from '@acres/platform/plugins/rate-limit';
import { createFailureThrottle, type FailureLimits } from '@acres/platform/throttle/failure-throttle';
import type { IdentityDeps } from './deps.ts';
import { createOidcClient, type OidcOptions } from './oidc/client.ts';
import { CALLBACK_PATH, finishOidcLogin } from './oidc/login.ts';
import { registerPasswordResetRoutes } from './routes/password-reset-routes.ts';
import { registerPasswordRoutes } from './routes/password-routes.ts';
import { registerAdminEmailVerificationRoute, registerEmailVerificationRoutes } from './routes/email-verification-routes.ts';
import { commandDepsOf, type AdminGuard } from '../commands/deps.ts';
import { createAddressLimit, type AddressLimit } from './routes/rate-limit.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import { DEFAULT_PURGE_INTERVAL_MS, schedulePurge } from './session-purge.ts';
import { registerPhoneVerificationRoutes } from '../phone-verification/routes.ts';

export type IdentityLimits = {
  /**
   * Failed sign-ins: per account and address together, with growing delays and no hard
   * lockout (DEFAULT_FAILURE_LIMITS: five free failures, then 30 s doubling to 15 minutes).
   */
  signIn?: Partial<FailureLimits>;
  /**
   * Sign-ups per client address (default 1,000 per hour). Generous on purpose: a mobile
   * carrier's NAT puts a whole town behind one address, and a sign-up cannot guess anyone's
   * password (failed sign-ins keep their own per-account throttle). The cap only bounds the
   * password hashing one address can make the server do.
   */
  signUpPerIp?: AddressLimit;
  /** Password reset requests per email and address: counted like failed sign-ins, with their limits unless set. */
  passwordReset?: Partial<FailureLimits>;
  /**
   * Emails asked for by a visitor or an account (a confirmation link sent again, the note to an
   * existing account's owner after a sign-up with their email): per email address and client
   * address, counted like failed sign-ins (five free, then 30 s doubling), with their limits unless set.
   */
  emails?: Partial<FailureLimits>;
};

export type IdentityPluginOptions = {
  eventStore: EventStore;
  pool: Pool;
  /** The key vault's addressDigest: names the email-claim streams and the throttles' keys. */
  addressDigest: AddressDigest;
  /** OpenID Connect; without it /api/login leads to the SPA's /signin page. */
  oidc?: OidcOptions | null | undefined;
  now?: () => Date;
  newId?: () => string;
  limits?: IdentityLimits;
  /**
   * The secret that signs links in messages (resolveLinkSigningSecret): the notifier mints
   * password reset links with it. Without it, and with an OpenID provider, there is no
   * password reset (the routes answer 404).
   */
  linkSigningSecret?: string | null | undefined;
  /** How often expired sessions and throttle counters are deleted (default 10 minutes). */
  purgeIntervalMs?: number;
  /** Without it there is no POST /api/admin/users/:id/verify-email (the staff's check of an email). */
  adminGuard?: AdminGuard | undefined;
};

export const DEFAULT_SIGN_UP_LIMIT: AddressLimit = { max: 1000, windowMs: 60 * 60_000 };

/**
 * Sessions and accounts (DESIGN 6): sign-up, sign-in, OpenID Connect, login and
 * logout. Its own plugin, apart from commandApiPlugin, because GET /api/login and
 * POST /api/logout carry no JSON body; only the sign-up and sign-in routes demand one.
 */
export const identityPlugin: FastifyPluginAsync<IdentityPluginOptions> = async (app, options) => {
  // The throttles' accounts are emails: keyed like every other address digest.
  const digestAccount = (email: string) => options.addressDigest('email', email);
  await app.register(rateLimitPlugin, { pool: options.pool });
  const deps: IdentityDeps = {
    ...commandDepsOf(options),
    pool: options.pool,
    signInThrottle: createFailureThrottle({
      pool: options.pool,
      scope: 'sign-in',
      limits: options.limits?.signIn,
      digestAccount,
    }),
    passwordResetThrottle: createFailureThrottle({
      pool: options.pool,
      scope: 'password-reset',
      limits: { ...options.limits?.signIn, ...options.limits?.passwordReset },
      digestAccount,
    }),
    emailThrottle: createFailureThrottle({
      pool: options.pool,
      scope: 'account-email',
      limits: { ...options.limits?.signIn, ...options.limits?.emails },
    }),
    signUpLimit: createAddressLimit(app, { what: 'sign-up', limit: options.limits?.signUpPerIp ?? DEFAULT_SIGN_UP_LIMIT }),
    oidc: options.oidc ? createOidcClient(options.oidc) : null,
    linkSigningSecret: options.linkSigningSecret ?? null,
  };

  registerSessionSupport(app, { pool: options.pool });
  // Answers about who is signed in must never be cached by a browser or proxy.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  registerPasswordRoutes(app, deps);
  registerSessionRoutes(app, deps);
  // A provider's accounts have no password here to reset.
  const { linkSigningSecret } = deps;
  if (linkSigningSecret && !deps.oidc) registerPasswordResetRoutes(app, { ...deps, linkSigningSecret });
  // Every account's email is confirmed by a link, whoever signs people in.
  if (linkSigningSecret) registerEmailVerificationRoutes(app, { ...deps, linkSigningSecret });
  if (options.adminGuard) await registerAdminEmailVerificationRoute(app, { ...deps, adminGuard: options.adminGuard });
  // The texted code is derived with the link secret, whoever signs people in.
  if (linkSigningSecret) registerPhoneVerificationRoutes(app, { ...deps, linkSigningSecret });
  const oidc = deps.oidc;
  if (oidc) app.get(CALLBACK_PATH, async (request, reply) => finishOidcLogin({ deps, oidc, request, reply }));
  schedulePurge(app, { pool: options.pool, intervalMs: options.purgeIntervalMs ?? DEFAULT_PURGE_INTERVAL_MS });
};
