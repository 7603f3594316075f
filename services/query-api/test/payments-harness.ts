// Shared set-up of the payment read tests: a real database, the real PostgreSQL event
// store, the real projector over every projection, and the query API on top.

import { randomUUID } from 'node:crypto';
import { createEvent } from '@acres/contracts/events';
import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform';
import type { SessionUser } from '@acres/platform/sessions';
import { createTestSession, createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { ALL_PROJECTIONS, startProjector, waitForProjections, type Projector } from '@acres/projector';
import { pino } from 'pino';
import { buildQueryApp } from '../src/app.ts';
import { ADMIN } from './support.ts';

export const silent = pino({ level: 'silent' });

export type Investor = SessionUser & { cookie: string; firstName: string | null; lastName: string | null };

export type PaymentsHarness = {
  db: TestDatabase;
  eventStore: EventStore;
  app: ReturnType<typeof buildQueryApp>;
  startProjector: () => Projector;
  /** Waits until every projection has applied the event at position. */
  settle: (position: bigint) => Promise<void>;
  close: () => Promise<void>;
};

export const startPaymentsHarness = async (
  adminUrl: string,
  options: { readYourWritesMs?: number } = {},
): Promise<PaymentsHarness> => {
  const db = await createTestDatabase({ adminUrl, poolSize: 20 });
  const eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 100 });
  const app = buildQueryApp({
    pool: db.pool,
    adminCredentials: ADMIN,
    logger: silent,
    adminRateLimit: { freeFailures: 1000 },
    readYourWrites: { timeoutMs: options.readYourWritesMs ?? 2000 },
  });
  const projectors: Projector[] = [];
  return {
    db,
    eventStore,
    app,
    startProjector: () => {
      const projector = startProjector({ eventStore, pool: db.pool, logger: silent, projections: ALL_PROJECTIONS });
      projectors.push(projector);
      return projector;
    },
    settle: async (position) => {
      const names = ALL_PROJECTIONS.map((projection) => projection.name);
      if (!(await waitForProjections({ pool: db.pool, names, position, timeoutMs: 15_000 }))) {
        throw new Error(`projections did not reach ${position}`);
      }
    },
    close: async () => {
      await Promise.all(projectors.map((projector) => projector.stop()));
      await app.close();
      await eventStore.close();
      await db.drop();
    },
  };
};

/** UserRegistered on user-{id}, as sign-up appends it, and a session cookie for the user. */
export const registerInvestor = async (
  harness: { db: { pool: Pool }; eventStore: EventStore },
  input: { email: string; firstName?: string | null; lastName?: string | null; registered?: boolean },
): Promise<Investor & { position: bigint }> => {
  const id = randomUUID();
  const firstName = input.firstName ?? null;
  const lastName = input.lastName ?? null;
  let position = 0n;
  // registered: false is an investor whose users row has not been projected (or lags).
  if (input.registered !== false) {
    const { data } = createEvent('UserRegistered', {
      userId: id,
      email: input.email,
      firstName,
      lastName,
      profileImageUrl: null,
      registeredAt: new Date().toISOString(),
    });
    const metadata = {
      correlationId: randomUUID(),
      causationId: null,
      actor: { kind: 'user' as const, id },
      schemaVersion: 1,
      occurredAt: data.registeredAt,
    };
    ({ position } = await harness.eventStore.appendToStream(
      `user-${id}`,
      [{ id: randomUUID(), type: 'UserRegistered', data, metadata }],
      {
        expectedRevision: 'no_stream',
      },
    ));
  }
  const user = { id, email: input.email };
  const cookie = await createTestSession({ pool: harness.db.pool, user });
  return { ...user, firstName, lastName, cookie, position };
};
