import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresEventStore } from '@acres/eventstore';
import { createPool, runMigrations, type Pool } from '@acres/platform';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from '@acres/platform/embedded';
import { createMetricsRegistry } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { copySeedCluster } from '@acres/platform/test';
import type { FastifyInstance } from 'fastify';
import { buildCommandApp } from './app.ts';
import { validLead } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';

// A PostgreSQL of this file's own, reached through a plain URL as with DATABASE_URL, so
// the test can take it away and bring it back on the same port.
let dataDir: string;
let server: EmbeddedPostgresServer;
let pool: Pool;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-outage-'));
  await copySeedCluster(inject('pgSeedDir'), dataDir);
  server = await startEmbeddedPostgres({ dataDir });
  const url = await server.ensureDatabase('acres');
  await runMigrations({ databaseUrl: url });
  pool = createPool({ connectionString: url, max: 5 });
  const eventStore = createPostgresEventStore({ pool, connectionString: url });
  const registry = createMetricsRegistry({ service: 'outage-test' });
  app = await buildCommandApp({
    eventStore,
    addressDigest: testAddressDigest,
    observability: { registry, readiness: createServiceReadiness({ pool, eventStore }) },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await pool?.end();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const postLead = () =>
  app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    payload: validLead({ email: `${randomUUID()}@example.ng` }),
  });

describe('commands while the database is away (DATABASE_URL, no supervisor)', () => {
  it('answer 503 with Retry-After and problem+json, never 500, and succeed again once it is back, on the same pool', async () => {
    expect((await postLead()).statusCode).toBe(201);
    await server.stop();

    const during = await postLead();
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(during.json()).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      detail: 'The service is briefly unavailable. Please try again in a few seconds.',
    });
    expect(during.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    // Alive (a restart would not help) but not ready.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

    server = await startEmbeddedPostgres({ dataDir, port: server.port });
    await expect.poll(async () => (await postLead()).statusCode, { timeout: 10_000 }).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
