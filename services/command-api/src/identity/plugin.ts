import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import { registerSessionSupport } from '@acres/platform/sessions';
import { createAttemptLimiter, type AttemptLimit } from './attempt-limiter.ts';
import type { IdentityDeps } from './deps.ts';
import { createOidcClient, type OidcOptions } from './oidc/client.ts';
import { CALLBACK_PATH, finishOidcLogin } from './oidc/login.ts';
import { registerPasswordRoutes } from './routes/password-routes.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import { DEFAULT_PURGE_INTERVAL_MS, schedulePurge } from './session-purge.ts';

export type IdentityLimits = {
  /** Failed sign-ins per email (default 10 per 15 minutes). */
  signInPerEmail?: AttemptLimit;
  /** Failed sign-ins per client address (default 20 per 15 minutes). */
  signInPerIp?: AttemptLimit;
  /** Sign-up attempts per client address (default 20 per hour). */
  signUpPerIp?: AttemptLimit;
};

export type IdentityPluginOptions = {
  eventStore: EventStore;
  pool: Pool;
  /** OpenID Connect; without it /api/login leads to the SPA's /signin page. */
  oidc?: OidcOptions | null | undefined;
  now?: () => Date;
  newId?: () => string;
  limits?: IdentityLimits;
  /** How often expired sessions are deleted (default 10 minutes). */
  purgeIntervalMs?: number;
};

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Sessions and accounts (DESIGN 6): sign-up, sign-in, OpenID Connect, login and
 * logout. Its own plugin, apart from commandApiPlugin, because GET /api/login and
 * POST /api/logout carry no JSON body; only the sign-up and sign-in routes demand one.
 */
export const identityPlugin: FastifyPluginAsync<IdentityPluginOptions> = async (app, options) => {
  const deps: IdentityDeps = {
    eventStore: options.eventStore,
    pool: options.pool,
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? randomUUID,
    limiters: {
      signInByEmail: createAttemptLimiter(options.limits?.signInPerEmail ?? { max: 10, windowMs: FIFTEEN_MINUTES }),
      signInByIp: createAttemptLimiter(options.limits?.signInPerIp ?? { max: 20, windowMs: FIFTEEN_MINUTES }),
      signUpByIp: createAttemptLimiter(options.limits?.signUpPerIp ?? { max: 20, windowMs: 4 * FIFTEEN_MINUTES }),
    },
    oidc: options.oidc ? createOidcClient(options.oidc) : null,
  };

  registerSessionSupport(app, { pool: options.pool });
  // Answers about who is signed in must never be cached by a browser or proxy.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  registerPasswordRoutes(app, deps);
  registerSessionRoutes(app, deps);
  const oidc = deps.oidc;
  if (oidc) app.get(CALLBACK_PATH, async (request, reply) => finishOidcLogin({ deps, oidc, request, reply }));
  schedulePurge(app, { pool: options.pool, intervalMs: options.purgeIntervalMs ?? DEFAULT_PURGE_INTERVAL_MS });
};
