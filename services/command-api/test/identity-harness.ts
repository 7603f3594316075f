// Shared setup of the identity integration tests: the identity plugin and the query API
// on one app (as the standalone server runs them), over a fresh database with the real
// PostgreSQL event store, and optionally the projector.

import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { createHttpApp } from '@acres/platform/http';
import { createLogger } from '@acres/platform/logger';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { ALL_PROJECTIONS, startProjector, type Projector } from '@acres/projector';
import { queryApiPlugin } from '@acres/query-api';
import type { FastifyInstance } from 'fastify';
import { identityPlugin, type IdentityPluginOptions } from '../src/identity/plugin.ts';
import { createTestVault, protectForTest, testAddressDigest } from '@acres/eventstore/test';

export type IdentityHarness = {
  db: TestDatabase;
  eventStore: EventStore;
  app: FastifyInstance;
  close: () => Promise<void>;
};

export const startIdentityHarness = async (options: {
  adminUrl: string;
  projector?: boolean;
  trustProxy?: boolean;
  identity?: Partial<Omit<IdentityPluginOptions, 'eventStore' | 'pool'>>;
}): Promise<IdentityHarness> => {
  const db = await createTestDatabase({ adminUrl: options.adminUrl, poolSize: 30 });
  const eventStore = protectForTest(
    createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 100 }),
    db.pool,
  );
  const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', pretty: false });
  let projector: Projector | null = null;
  if (options.projector) projector = startProjector({ eventStore, pool: db.pool, logger, projections: ALL_PROJECTIONS });
  const app = createHttpApp({ logger, trustProxy: options.trustProxy ?? false });
  await app.register(identityPlugin, { eventStore, pool: db.pool, ...options.identity, addressDigest: testAddressDigest });
  await app.register(queryApiPlugin, {
    pool: db.pool,
    vault: createTestVault(db.pool),
    adminCredentials: { username: 'admin', password: 'admin-password-1' },
    readYourWrites: { timeoutMs: 5000 },
  });
  await app.ready();
  return {
    db,
    eventStore,
    app,
    close: async () => {
      await app.close();
      await projector?.stop();
      await eventStore.close();
      await db.drop();
    },
  };
};

/**
 * Another replica of the identity plugin over the harness's database and event store,
 * as a second command-api container would run: whatever it counts, the harness sees.
 */
export const startReplica = async (
  h: IdentityHarness,
  identity: Partial<Omit<IdentityPluginOptions, 'eventStore' | 'pool'>> = {},
) => {
  const app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }) });
  await app.register(identityPlugin, {
    eventStore: h.eventStore,
    pool: h.db.pool,
    ...identity,
    addressDigest: testAddressDigest,
  });
  await app.ready();
  return app;
};

export const sessionCookieFrom = (setCookie: string | string[] | undefined) => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('acres.sid=') && !c.startsWith('acres.sid=;'));
  return found ? found.split(';')[0]! : null;
};

export const postJson = (app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

/** POST /api/auth/signin from a given client address (a NAT, an attacker, the owner at home). */
export const signInFrom = (app: FastifyInstance, body: { email: string; password: string }, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/**
 * POST /api/auth/signup (202, no session: the same answer for every email), then POST
 * /api/auth/signin with the same password: the sign-in's answer, with the session cookie and
 * the account ({ user, position }).
 */
export const signUpAndSignIn = async (
  app: FastifyInstance,
  body: { email: string; password: string; firstName?: string; lastName?: string },
) => {
  const signUp = await postJson(app, '/api/auth/signup', body);
  if (signUp.statusCode !== 202) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body}`);
  const signIn = await postJson(app, '/api/auth/signin', { email: body.email, password: body.password });
  if (signIn.statusCode !== 200) throw new Error(`sign-in answered ${signIn.statusCode}: ${signIn.body}`);
  return signIn;
};
