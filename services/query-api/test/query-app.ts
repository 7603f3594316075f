// The query API over a test database of its own, with no projector: for the specs that write
// the read models' rows themselves (test/support.ts) and read them through the routes.

import { createTestVault } from '@acres/eventstore/test';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildQueryApp, type BuildQueryAppOptions } from '../src/app.ts';
import { ADMIN } from './support.ts';

export const silent = pino({ level: 'silent' });

export type QueryApp = ReturnType<typeof buildQueryApp>;

/** As a spec builds it: the test vault, the admin of test/support.ts, no log lines; options override. */
export const buildTestQueryApp = (db: { pool: TestDatabase['pool'] }, options: Partial<BuildQueryAppOptions> = {}) =>
  buildQueryApp({ pool: db.pool, vault: createTestVault(db.pool), adminCredentials: ADMIN, logger: silent, ...options });

export type QueryAppHarness = { db: TestDatabase; app: QueryApp; close: () => Promise<void> };

export const startQueryApp = async (options: Partial<BuildQueryAppOptions> = {}): Promise<QueryAppHarness> => {
  const db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
  const app = buildTestQueryApp(db, options);
  return {
    db,
    app,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
};
