import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createPool, type Pool } from '../src/db.ts';

export const TEMPLATE_DATABASE = 'acres_template';

export type TestDatabase = { url: string; name: string; pool: Pool; drop: () => Promise<void> };

const withAdminClient = async <T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/**
 * A fresh, migrated database cloned from the template of the run's global setup.
 * Pass adminUrl from `inject('pgAdminUrl')` (vitest). Drop it in afterAll.
 */
export const createTestDatabase = async (options: { adminUrl: string; poolSize?: number }): Promise<TestDatabase> => {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(options.adminUrl, async (client) => {
    // Two clones of one template at the same instant can collide on the template's lock; retry briefly.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await sleep(50 + Math.random() * 100);
      }
    }
  });
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool({ connectionString: url.toString(), max: options.poolSize ?? 10 });
  return {
    url: url.toString(),
    name,
    pool,
    drop: async () => {
      await pool.end();
      await withAdminClient(options.adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
};
