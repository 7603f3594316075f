import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPostgresEventStore } from '@acres/eventstore';
import { instrumentEventStore } from '@acres/eventstore/metrics';
import { createAdminGuard } from '@acres/platform/admin-auth';
import { createPool, type Pool } from '@acres/platform/db';
import { createMetricsRegistry } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { readSample, createTestDatabase, type TestDatabase } from '@acres/platform/test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCommandApp } from './app.ts';
import { postJson } from '../test/command-api-harness.ts';
import { validLead } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';

const ADMIN = { username: 'admin', password: 'correct horse battery' };

/** The command API as server.ts wires it: instrumented store, readiness over pool and store. */
const buildObservedApp = async (pool: Pool, databaseUrl: string) => {
  const registry = createMetricsRegistry({ service: 'command-api' });
  const eventStore = instrumentEventStore(createPostgresEventStore({ pool, connectionString: databaseUrl }), registry);
  const app = await buildCommandApp({
    eventStore,
    addressDigest: testAddressDigest,
    pool,
    adminGuard: createAdminGuard({ credentials: ADMIN, pool }),
    observability: { registry, readiness: createServiceReadiness({ pool, eventStore, timeoutMs: 3_000 }) },
  });
  await app.ready();
  return { app, eventStore };
};

const metricsOf = async (app: FastifyInstance) => (await app.inject('/metrics')).body;

describe('the command API on a migrated database', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    const built = await buildObservedApp(db.pool, db.url);
    app = built.app;
    close = async () => {
      await app.close();
      await built.eventStore.close();
    };
  });
  afterAll(async () => {
    await close?.();
    await db?.drop();
  });

  it('is alive and ready, naming every check it made', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: { ok: true }, eventStore: { ok: true }, migrations: { ok: true } },
    });
  });

  it('counts accepted and refused commands by type, the events they appended, and their latency by route', async () => {
    expect((await postJson(app, '/api/leads', validLead())).statusCode).toBe(201);
    expect((await postJson(app, '/api/leads', validLead({ email: 'not an email' }))).statusCode).toBe(400);
    const id = randomUUID();
    const unauthorised = await app.inject({
      method: 'PUT',
      url: `/api/admin/payments/${id}/status`,
      payload: { status: 'approved' },
    });
    expect(unauthorised.statusCode).toBe(401);

    const text = await metricsOf(app);
    expect(readSample(text, 'commands_total', { type: 'ReserveSlot', outcome: 'accepted' })).toBe(1);
    expect(readSample(text, 'commands_total', { type: 'ReserveSlot', outcome: 'refused' })).toBe(1);
    expect(readSample(text, 'commands_total', { type: 'UpdatePaymentStatus', outcome: 'refused' })).toBe(1);
    expect(readSample(text, 'events_appended_total', { type: 'SlotReserved' })).toBe(1);
    expect(
      readSample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/leads', status_code: '201' }),
    ).toBe(1);
    expect(
      readSample(text, 'http_request_duration_seconds_count', {
        method: 'PUT',
        route: '/api/admin/payments/:id/status',
        status_code: '401',
      }),
    ).toBe(1);
    // Route patterns only: no id ever becomes a label value.
    expect(text).not.toContain(id);
  });

  it('does not count reads or unknown paths as commands', async () => {
    const before = await metricsOf(app);
    await app.inject({ method: 'POST', url: '/api/no-such-command', payload: {} });
    await app.inject('/healthz');
    const after = await metricsOf(app);
    const total = (text: string) =>
      ['accepted', 'refused'].reduce(
        (sum, outcome) => sum + (readSample(text, 'commands_total', { type: 'ReserveSlot', outcome }) ?? 0),
        0,
      );
    expect(total(after)).toBe(total(before));
    expect(after).not.toContain('no-such-command');
    expect(
      readSample(after, 'http_request_duration_seconds_count', { method: 'POST', route: 'unmatched', status_code: '404' }),
    ).toBe(1);
  });
});

describe('the command API when a migration is pending', () => {
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    const { rows } = await db.pool.query<{ name: string }>(
      'DELETE FROM pgmigrations WHERE id = (SELECT max(id) FROM pgmigrations) RETURNING name',
    );
    expect(rows).toHaveLength(1);
    app = (await buildObservedApp(db.pool, db.url)).app;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('is alive but answers 503 naming the pending migration', async () => {
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    const body = ready.json<{ status: string; checks: Record<string, { ok: boolean; reason?: string }> }>();
    expect(body.status).toBe('unavailable');
    expect(body.checks.database).toEqual({ ok: true });
    expect(body.checks.eventStore).toEqual({ ok: true });
    expect(body.checks.migrations).toEqual({ ok: false, reason: expect.stringMatching(/^1 pending: \d+_[a-z-]+$/) });
  });
});

describe('the command API on a database nobody has migrated', () => {
  const adminUrl = () => inject('pgAdminUrl');
  const name = `fresh_${randomBytes(6).toString('hex')}`;
  let pool: Pool;
  let app: FastifyInstance;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    pool = createPool({ connectionString: url.toString(), max: 3 });
    app = (await buildObservedApp(pool, url.toString())).app;
  });
  afterAll(async () => {
    await app?.close();
    await pool?.end().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('answers 503: the database answers, but the event store has no table and every migration is pending', async () => {
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    const { checks } = ready.json<{ checks: Record<string, { ok: boolean; reason?: string }> }>();
    expect(checks.database).toEqual({ ok: true });
    expect(checks.eventStore).toEqual({ ok: false, reason: 'failed (42P01)' });
    expect(checks.migrations?.ok).toBe(false);
    expect(checks.migrations?.reason).toMatch(/^\d+ pending: 1700000000001_event-store/);
  });

  it('answers 503 naming the database once its pool is gone, and stays alive', async () => {
    await pool.end();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    const { checks } = ready.json<{ checks: Record<string, { ok: boolean }> }>();
    expect(checks.database).toEqual({ ok: false, reason: 'failed' });
    expect(checks.eventStore?.ok).toBe(false);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});
