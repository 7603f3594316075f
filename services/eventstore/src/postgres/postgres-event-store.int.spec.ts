import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { inject } from 'vitest';
import { describeEventStoreContract } from '../../test/contract/suite.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';

describeEventStoreContract('PostgreSQL', async () => {
  const db: TestDatabase = await createTestDatabase({ adminUrl: inject('pgAdminUrl'), poolSize: 20 });
  const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
  // Holding each append's transaction open for 0-12 ms after it took its positions makes
  // later positions commit before earlier ones all the time.
  const slowCommitStore = createPostgresEventStore({
    pool: db.pool,
    connectionString: db.url,
    hooks: { beforeCommit: () => sleep(Math.random() * 12) },
  });
  return {
    store,
    slowCommitStore,
    streamReadsHaveGlobalPositions: true,
    teardown: async () => {
      await store.close();
      await slowCommitStore.close();
      await db.drop();
    },
  };
});
