import { createPool } from '@acres/platform/db';
import { createMetricsRegistry } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { readSample } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerProjectionMetrics, type ProjectionMetricsOptions } from './metrics.ts';
import { startMetricsServer } from './metrics-server.ts';
import { releaseOwnership, tryTakeOwnership } from '../runner/ownership.ts';
import { appendEach, newEvent, silentLogger, slotReservedData, startHarness, type Harness } from '../../test/harness.ts';

const NAMES = ['leads', 'subscriptions', 'admin-counters', 'users'];

const setCheckpoint = (harness: Harness, name: string, position: bigint, status: 'running' | 'failed' = 'running') =>
  harness.db.pool.query(
    `INSERT INTO projection_checkpoints (name, position, status) VALUES ($1, $2::bigint, $3)
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, status = EXCLUDED.status`,
    [name, position.toString(), status],
  );

const scrape = async (harness: Harness, options: Partial<ProjectionMetricsOptions> = {}) => {
  const registry = createMetricsRegistry({ service: 'projector' });
  registerProjectionMetrics(registry, {
    pool: harness.db.pool,
    eventStore: harness.eventStore,
    eventStoreKind: 'postgres',
    names: NAMES,
    cacheMs: 0,
    // The oldest events waited a minute and a half.
    now: () => new Date(Date.now() + 90_000),
    ...options,
  });
  return registry.metrics();
};

describe('projection metrics over a log of five events', () => {
  let harness: Harness;
  const positions: bigint[] = [];

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    for (let n = 1; n <= 5; n += 1)
      positions.push(await appendEach(harness.eventStore, [newEvent('SlotReserved', slotReservedData(n))]));
    await setCheckpoint(harness, 'leads', positions[1]!);
    await setCheckpoint(harness, 'subscriptions', positions[4]!);
    await setCheckpoint(harness, 'admin-counters', positions[0]!, 'failed');
    // users never ran: it shows at position 0, the whole log behind.
  });
  afterAll(async () => harness?.close());

  it('reports each projection position and its lag in events, counted in the log, not from sparse positions', async () => {
    const text = await scrape(harness);
    expect(readSample(text, 'projection_position', { projection: 'leads' })).toBe(Number(positions[1]));
    expect(readSample(text, 'projection_lag_events', { projection: 'leads' })).toBe(3);
    expect(readSample(text, 'projection_lag_events', { projection: 'subscriptions' })).toBe(0);
    expect(readSample(text, 'projection_lag_events', { projection: 'admin-counters' })).toBe(4);
    expect(readSample(text, 'projection_lag_events', { projection: 'users' })).toBe(5);
    expect(readSample(text, 'event_store_head_position')).toBe(Number(positions[4]));
    expect(readSample(text, 'projection_status_up')).toBe(1);
  });

  it('reports lag in seconds as the age of the oldest event not applied yet, 0 when caught up', async () => {
    const text = await scrape(harness);
    expect(readSample(text, 'projection_lag_seconds', { projection: 'leads' })).toBeGreaterThanOrEqual(89);
    expect(readSample(text, 'projection_lag_seconds', { projection: 'leads' })).toBeLessThan(150);
    expect(readSample(text, 'projection_lag_seconds', { projection: 'subscriptions' })).toBe(0);
  });

  it('flags the projection stopped on a poison event', async () => {
    const text = await scrape(harness);
    expect(readSample(text, 'projection_failed', { projection: 'admin-counters' })).toBe(1);
    expect(readSample(text, 'projection_failed', { projection: 'leads' })).toBe(0);
  });

  it('caps the count of events behind', async () => {
    const text = await scrape(harness, { lagCap: 2 });
    expect(readSample(text, 'projection_lag_events', { projection: 'users' })).toBe(2);
    expect(readSample(text, 'projection_lag_events', { projection: 'leads' })).toBe(2);
  });

  it('counts the same lag through the store itself, as it does for EventStoreDB', async () => {
    const text = await scrape(harness, { eventStoreKind: 'esdb' });
    expect(readSample(text, 'projection_lag_events', { projection: 'leads' })).toBe(3);
    expect(readSample(text, 'projection_lag_events', { projection: 'subscriptions' })).toBe(0);
    expect(readSample(text, 'projection_lag_seconds', { projection: 'leads' })).toBeGreaterThanOrEqual(89);
  });

  it('shows which projections some process owns', async () => {
    const owner = await tryTakeOwnership(harness.db.pool, 'leads');
    expect(owner).not.toBeNull();
    try {
      const text = await scrape(harness);
      expect(readSample(text, 'projection_owned', { projection: 'leads' })).toBe(1);
      expect(readSample(text, 'projection_owned', { projection: 'subscriptions' })).toBe(0);
    } finally {
      await releaseOwnership(owner!, 'leads');
    }
  });

  it('still answers a scrape when the status cannot be read, saying so', async () => {
    const pool = createPool({ connectionString: harness.db.url, max: 1 });
    await pool.end();
    const text = await scrape(harness, { pool });
    expect(readSample(text, 'projection_status_up')).toBe(0);
    expect(readSample(text, 'projection_lag_events', { projection: 'leads' })).toBeUndefined();
  });
});

describe('the projector metrics server', () => {
  let harness: Harness;
  let server: Awaited<ReturnType<typeof startMetricsServer>>;
  let base: string;

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    await appendEach(harness.eventStore, [newEvent('SlotReserved', slotReservedData(1))]);
    const registry = createMetricsRegistry({ service: 'projector' });
    registerProjectionMetrics(registry, {
      pool: harness.db.pool,
      eventStore: harness.eventStore,
      eventStoreKind: 'postgres',
      names: ['leads'],
    });
    server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      registry,
      readiness: createServiceReadiness({ pool: harness.db.pool, eventStore: harness.eventStore }),
      logger: silentLogger,
    });
    const address = server.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await server?.close();
    await harness?.close();
  });

  it('serves /healthz, /readyz and /metrics over HTTP', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: { ok: true }, eventStore: { ok: true }, migrations: { ok: true } },
    });
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(readSample(text, 'projection_lag_events', { projection: 'leads' })).toBe(1);
    expect(
      readSample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/healthz', status_code: '200' }),
    ).toBe(1);
  });
});
