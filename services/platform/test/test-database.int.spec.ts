import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

describe('a fresh test database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
  });
  afterAll(async () => db.drop());

  it('has every migration applied', async () => {
    const { rows } = await db.pool.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY run_on, id');
    expect(rows.map((r) => r.name)).toContain('1700000000002_read-models');
    const counters = await db.pool.query('SELECT total_leads FROM admin_counters');
    expect(counters.rows).toEqual([{ total_leads: 0 }]);
  });
});
