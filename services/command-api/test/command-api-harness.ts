import { createPostgresEventStore } from '@acres/eventstore';
import { protectForTest, testAddressDigest } from '@acres/eventstore/test';
import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import type { FastifyInstance } from 'fastify';
import { buildCommandApp } from '../src/app.ts';

export type CommandApiHarness = {
  db: TestDatabase;
  eventStore: EventStore;
  app: FastifyInstance;
  /** Every event in the store, oldest first. */
  readAllEvents: () => Promise<RecordedEvent[]>;
  close: () => Promise<void>;
};

/** The command API over the real PostgreSQL event store in a fresh database of its own. */
export const startCommandApi = async (options: { adminUrl: string; now?: () => Date }): Promise<CommandApiHarness> => {
  const db = await createTestDatabase({ adminUrl: options.adminUrl, poolSize: 25 });
  const eventStore = protectForTest(createPostgresEventStore({ pool: db.pool, connectionString: db.url }), db.pool);
  const app = await buildCommandApp({ eventStore, addressDigest: testAddressDigest, now: options.now });
  await app.ready();
  return {
    db,
    eventStore,
    app,
    readAllEvents: () => eventStore.readAll({ maxCount: 10_000 }),
    close: async () => {
      await app.close();
      await eventStore.close();
      await db.drop();
    },
  };
};

export const postJson = (app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: { field: string; message: string }[];
};
