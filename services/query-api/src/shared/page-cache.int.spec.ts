import { setTimeout as sleep } from 'node:timers/promises';
import { withTransaction, type Queryable } from '@acres/platform';
import { CHECKPOINT_CHANNEL } from '@acres/read-models/checkpoints';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { PROJECTIONS } from './fresh-read.ts';
import { enablePageCache } from './list-page.ts';
import type { PageCache } from './page-cache.ts';
import { ADMIN_AUTH, insertLead, setCheckpoint } from '../../test/support.ts';
import { buildTestQueryApp, type QueryApp } from '../../test/query-app.ts';

const LIST_READS = [PROJECTIONS.leads, PROJECTIONS.adminCounters];

/** What the projector does: the rows, the checkpoints and their NOTIFY in one transaction. */
const project = (db: TestDatabase, fullName: string, position: number) =>
  withTransaction(db.pool, async (client: Queryable) => {
    // The lead and its count, as the leads and admin-counters projections write them.
    await insertLead(client, { fullName });
    for (const name of LIST_READS) {
      await client.query('UPDATE projection_checkpoints SET position = $2 WHERE name = $1', [name, position]);
      await client.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, JSON.stringify({ name, position: String(position) })]);
    }
  });

describe('the admin lists with a page cache', () => {
  let db: TestDatabase;
  let app: QueryApp;
  let cache: PageCache;

  const names = async (headers: Record<string, string> = {}) => {
    const response = await app.inject({ url: '/api/admin/leads?limit=10', headers: { ...ADMIN_AUTH, ...headers } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    return (response.json() as { leads: { fullName: string }[] }).leads.map((lead) => lead.fullName);
  };
  const eventually = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 40 && !(await check()); tries += 1) await sleep(50);
  };

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    cache = enablePageCache(db.pool);
    app = buildTestQueryApp(db);
  });
  beforeEach(async () => {
    await db.pool.query('TRUNCATE leads');
    await db.pool.query('UPDATE admin_counters SET total_leads = 0');
    await project(db, 'First', 10);
    // The cache listens from its first use on; pages read before that are not kept.
    await names();
    await sleep(300);
  });
  afterAll(async () => {
    await app.close();
    await cache.close();
    await db.drop();
  });

  it('serves a page again without reading the table until a projection it reads moves', async () => {
    expect(await names()).toEqual(['First']);
    // Rows written behind the projector's back (no checkpoint move) are not seen...
    await insertLead(db.pool, { fullName: 'Unannounced' });
    expect(await names()).toEqual(['First']);
    // ...until the projector announces a move: then the page is read again.
    await project(db, 'Projected', 11);
    await eventually(async () => (await names()).includes('Projected'));
    expect((await names()).sort()).toEqual(['First', 'Projected', 'Unannounced']);
  });

  it('reads the table for an x-min-position past what the cached page had seen', async () => {
    expect(await names()).toEqual(['First']);
    // Projected, but its notice not heard yet: the fresh-read hook sees the checkpoint in the table.
    await withTransaction(db.pool, async (client: Queryable) => {
      await insertLead(client, { fullName: 'Own Write' });
      for (const name of LIST_READS) await setCheckpoint(client, name, 12);
    });
    expect((await names({ 'x-min-position': '12' })).sort()).toEqual(['First', 'Own Write']);
  });

  it('keeps each query string apart', async () => {
    await project(db, 'Second', 11);
    await eventually(async () => (await names()).length === 2);
    const second = await app.inject({ url: '/api/admin/leads?limit=1&offset=1', headers: ADMIN_AUTH });
    expect(second.json().leads.map((lead: { fullName: string }) => lead.fullName)).toEqual(['First']);
    expect(second.json().total).toBe(2);
  });
});
