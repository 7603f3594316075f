// The one set-up of the query API's read tests: a real database, the real PostgreSQL event
// store, the real projector over every projection, and the query API on top. The payment
// and affiliate harnesses are this with their own options.

import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { ALL_PROJECTIONS, startProjector, waitForProjections, type Projector } from './projector.ts';
import { buildTestQueryApp, silent, type QueryApp } from './query-app.ts';
import { protectForTest } from '@acres/eventstore/test';

export { silent };

export type ReadHarness = {
  db: TestDatabase;
  eventStore: EventStore;
  app: QueryApp;
  startProjector: () => Projector;
  /** Stops every projector this harness started. */
  stopProjectors: () => Promise<void>;
  /** Waits until every projection has applied the event at position. */
  settle: (position: bigint) => Promise<void>;
  close: () => Promise<void>;
};

export type ReadHarnessOptions = {
  /** How long a read waits for the read models to pass the caller's last write. */
  readYourWritesMs: number;
  /** The clock the statement routes read (the future-month rule). */
  now?: () => Date;
};

export const startReadHarness = async (adminUrl: string, options: ReadHarnessOptions): Promise<ReadHarness> => {
  // The projector holds a connection per projection it owns, as its own process sizes its pool.
  const db = await createTestDatabase({ adminUrl, poolSize: ALL_PROJECTIONS.length + 6 });
  const eventStore = protectForTest(
    createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 100 }),
    db.pool,
  );
  const app = buildTestQueryApp(db, {
    adminRateLimit: { freeFailures: 1000 },
    readYourWrites: { timeoutMs: options.readYourWritesMs },
    ...(options.now ? { now: options.now } : {}),
  });

  let projectors: Projector[] = [];
  const stopProjectors = async () => {
    const running = projectors;
    projectors = [];
    await Promise.all(running.map((projector) => projector.stop()));
  };
  return {
    db,
    eventStore,
    app,
    startProjector: () => {
      const projector = startProjector({ eventStore, pool: db.pool, logger: silent, projections: ALL_PROJECTIONS });
      projectors.push(projector);
      return projector;
    },
    stopProjectors,
    settle: async (position) => {
      const names = ALL_PROJECTIONS.map((projection) => projection.name);
      if (!(await waitForProjections({ pool: db.pool, names, position, timeoutMs: 15_000 }))) {
        throw new Error(`projections did not reach ${position}`);
      }
    },
    close: async () => {
      await stopProjectors();
      await app.close();
      await eventStore.close();
      await db.drop();
    },
  };
};
