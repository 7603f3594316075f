import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createPostgresEventStore } from '@acres/eventstore';
import { protectForTest, testAddressDigest } from '@acres/eventstore/test';
import type { EventStore } from '@acres/eventstore/port';
import { createAdminGuard, type AdminCredentials } from '@acres/platform/admin-auth';
import type { SessionUser } from '@acres/platform/sessions';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import type { SettingsField } from '@acres/contracts';
import { buildCommandApp } from '../src/app.ts';
import { createLogVerifier } from '@acres/eventstore/chain';
import { registerTestUser } from './test-users.ts';
import { insertStoredObject } from '../src/uploads/objects.ts';

/** A test escrow account (not a real one): the configuration a payments test starts with. */
export const TEST_ESCROW_SETTINGS = {
  escrowBankName: 'Zenith Bank',
  escrowAccountName: 'Test Escrow Account',
  escrowAccountNumber: '0000000001',
} as const;

export const ADMIN: AdminCredentials = { username: 'reviewer', password: 'correct horse battery staple' };

export const basicAuth = (credentials: AdminCredentials) =>
  `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;

export type Investor = { user: SessionUser; cookie: string };

export type PaymentsHarness = {
  db: TestDatabase;
  eventStore: EventStore;
  app: FastifyInstance;
  /** A second command API over the same database: another process as far as the allocation writer knows. */
  buildApp: () => Promise<FastifyInstance>;
  /** A registered investor with a session; `verified`: their email confirmed, so records made with it are theirs. */
  signUp: (email?: string, options?: { verified?: boolean }) => Promise<Investor>;
  /** An uploaded, checked image owned by the user, stored through the uploads module's own function. */
  uploadProof: (owner: { kind: 'user' | 'visitor'; id: string }, contentType?: 'image/png' | 'image/jpeg') => Promise<string>;
  /** POST /api/payments as the investor, for `acres` at the wholesale price with a fresh proof; the payment's id (throws unless 201). */
  submitPayment: (investor: Investor, acres: number) => Promise<string>;
  close: () => Promise<void>;
};

/**
 * The command API with the payment routes over the real PostgreSQL event store in a
 * fresh database. Investors are registered through the identity module's own code
 * (UserRegistered, credentials, a session row); their proofs are real uploaded_objects rows.
 */
export const startPaymentsApi = async (options: {
  adminUrl: string;
  now?: () => Date;
  poolSize?: number;
  /** Business settings seeded as configuration would; by default a test escrow account, so proofs are taken. */
  initialSettings?: Partial<Record<SettingsField, string>>;
}): Promise<PaymentsHarness> => {
  const db = await createTestDatabase({ adminUrl: options.adminUrl, poolSize: options.poolSize ?? 25 });
  const eventStore = protectForTest(createPostgresEventStore({ pool: db.pool, connectionString: db.url }), db.pool);
  const apps: FastifyInstance[] = [];
  const buildApp = async () => {
    // Generous failure limits: the access tests send wrong credentials on purpose.
    const adminGuard = createAdminGuard({ credentials: ADMIN, pool: db.pool, limits: { freeFailures: 1000 } });
    const app = await buildCommandApp({
      eventStore,
      addressDigest: testAddressDigest,
      pool: db.pool,
      adminGuard,
      now: options.now,
      initialSettings: options.initialSettings ?? TEST_ESCROW_SETTINGS,
      logVerifier: createLogVerifier({ pool: db.pool }),
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await buildApp();
  const harness: PaymentsHarness = {
    db,
    eventStore,
    app,
    buildApp,
    signUp: async (email, signUpOptions = {}) => {
      const { user, cookie } = await registerTestUser({
        eventStore,
        pool: db.pool,
        email,
        verified: signUpOptions.verified ?? false,
        firstName: 'Test',
        lastName: 'Investor',
      });
      return { user, cookie };
    },
    uploadProof: async (owner, contentType = 'image/png') => {
      const objectId = randomUUID();
      await insertStoredObject(db.pool, {
        objectId,
        owner,
        purpose: 'payment-proof',
        contentType,
        sizeBytes: 2048,
        now: new Date(),
      });
      return `/objects/uploads/${objectId}`;
    },
    submitPayment: async (investor, acres) => {
      const proofImagePath = await harness.uploadProof({ kind: 'user', id: investor.user.id });
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { 'content-type': 'application/json', cookie: investor.cookie },
        payload: JSON.stringify({ acres, amount: acres * 3_500_000, proofImagePath }),
      });
      if (response.statusCode !== 201) throw new Error(`POST /api/payments answered ${response.statusCode}: ${response.body}`);
      return response.json<{ id: string }>().id;
    },
    close: async () => {
      for (const each of apps) await each.close();
      await eventStore.close();
      await db.drop();
    },
  };
  return harness;
};

/** Listens on a free loopback port; requests sent with fetch truly overlap, unlike app.inject. */
export const listenOnLoopback = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
};
