import { createPool, type Pool } from '@acres/platform/db';
import { createMetricsRegistry } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { readSample, createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_AUTH, insertLead } from '../test/support.ts';
import { buildTestQueryApp, type QueryApp } from '../test/query-app.ts';

/** The query API as server.ts wires it: readiness over its pool (it never touches the event store). */
const buildObservedApp = (pool: Pool) =>
  buildTestQueryApp(
    { pool },
    {
      observability: { registry: createMetricsRegistry({ service: 'query-api' }), readiness: createServiceReadiness({ pool }) },
    },
  );

describe('the query API on a migrated database', () => {
  let db: TestDatabase;
  let app: QueryApp;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    await insertLead(db.pool);
    app = buildObservedApp(db.pool);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('is alive and ready on its database and migrations', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: { ok: true }, migrations: { ok: true } } });
  });

  it('records read latency by route pattern and status', async () => {
    expect((await app.inject({ url: '/api/admin/leads', headers: ADMIN_AUTH })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/leads' })).statusCode).toBe(401);
    const text = (await app.inject('/metrics')).body;
    expect(
      readSample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/admin/leads', status_code: '200' }),
    ).toBe(1);
    expect(
      readSample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/admin/leads', status_code: '401' }),
    ).toBe(1);
    expect(readSample(text, 'commands_total')).toBeUndefined();
  });
});

describe('the query API whose database has gone', () => {
  let db: TestDatabase;
  let pool: Pool;
  let app: QueryApp;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    pool = createPool({ connectionString: db.url, max: 2 });
    app = buildObservedApp(pool);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('turns unready, naming the database, while staying alive', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await pool.end();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ checks: Record<string, unknown> }>().checks.database).toEqual({ ok: false, reason: 'failed' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});
