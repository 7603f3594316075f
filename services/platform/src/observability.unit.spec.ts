import { describe, expect, it } from 'vitest';
import { checkAdminCredentials, parseBasicAuth } from './admin-auth.ts';
import { createHttpApp } from './http.ts';
import { createLogger } from './logger.ts';
import {
  counterIn,
  createMetricsGuard,
  createMetricsRegistry,
  registerObservability,
  type MetricsGuard,
} from './observability.ts';
import { parseMetrics, readSample } from '../test/metrics.ts';
import { CheckFailed, createReadinessCheck, migrationsCheck } from './observability-readiness.ts';

const logger = createLogger({ level: 'silent', pretty: false });
const ADMIN = { username: 'admin', password: 'correct horse battery' };
const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const TOKEN = 'a-scraper-token-of-at-least-32-characters';

const buildApp = async (options: Partial<Parameters<typeof registerObservability>[1]> = {}) => {
  const registry = createMetricsRegistry({ service: 'test' });
  const app = createHttpApp({ logger });
  await registerObservability(app, { registry, ...options });
  app.get('/api/things/:id', async () => ({ ok: true }));
  await app.ready();
  return { app, registry };
};

describe('an app with observability', () => {
  it('answers /healthz with ok and no caching', async () => {
    const { app } = await buildApp();
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('labels latency by the route pattern, never the raw URL, and unknown paths as unmatched', async () => {
    const { app } = await buildApp();
    await app.inject('/api/things/123');
    await app.inject('/api/things/456');
    await app.inject('/no/such/path/7f3a');
    const text = (await app.inject('/metrics')).body;
    const count = (labels: Record<string, string>) =>
      readSample(text, 'http_request_duration_seconds_count', { service: 'test', ...labels });
    expect(count({ method: 'GET', route: '/api/things/:id', status_code: '200' })).toBe(2);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    // No label anywhere holds a piece of a raw path (the samples' values are numbers that may
    // contain those digits by chance, as a run's CPU seconds once did).
    const labelValues = parseMetrics(text).flatMap((sample) => Object.values(sample.labels));
    for (const piece of ['123', '456', '7f3a']) expect(labelValues.filter((value) => value.includes(piece))).toEqual([]);
  });

  it('serves Prometheus text with the exposition content type', async () => {
    const { app } = await buildApp();
    const response = await app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('a process registry', () => {
  it('carries the default process metrics, labelled with the service', async () => {
    const text = await createMetricsRegistry({ service: 'command-api', defaultMetrics: true }).metrics();
    // The CPU counter counts from the registry's creation: on a warm worker the first scrape can
    // come within the same clock tick, so it is present and not negative, not necessarily above 0.
    expect(readSample(text, 'process_cpu_user_seconds_total', { service: 'command-api' })).toBeGreaterThanOrEqual(0);
    expect(readSample(text, 'nodejs_heap_size_used_bytes', { service: 'command-api' })).toBeGreaterThan(0);
  });

  it('hands plugins sharing it the same metric instead of a duplicate-name error', () => {
    const registry = createMetricsRegistry({ service: 'standalone' });
    const config = { name: 'things_total', help: 'things', labelNames: ['kind'] as const };
    expect(counterIn(registry, config)).toBe(counterIn(registry, config));
  });
});

describe('/metrics on a public port', () => {
  // createAdminGuard counts failures in PostgreSQL (its own int spec); here only its Basic check matters.
  const adminGuard: MetricsGuard = async (request, reply) =>
    checkAdminCredentials(parseBasicAuth(request.headers.authorization), ADMIN) ? undefined : reply.code(401).send();
  const guarded = () => buildApp({ metricsGuard: createMetricsGuard({ token: TOKEN, adminGuard }) });

  it('refuses a stranger with 401', async () => {
    const { app } = await guarded();
    expect((await app.inject('/metrics')).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-but-long-enough-1234' } })).statusCode,
    ).toBe(401);
  });

  it('serves the scraper holding the bearer token and the admin with Basic credentials', async () => {
    const { app } = await guarded();
    expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: basic(ADMIN.username, ADMIN.password) } })).statusCode,
    ).toBe(200);
  });

  it('leaves /healthz and /readyz open for load balancers', async () => {
    const { app } = await guarded();
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });
});

describe('the readiness check', () => {
  it('is ready when every check passes', async () => {
    const readiness = createReadinessCheck({ checks: { database: async () => {}, eventStore: async () => {} } });
    await expect(readiness()).resolves.toEqual({ ready: true, checks: { database: { ok: true }, eventStore: { ok: true } } });
  });

  it('names each failing check, with a timeout for a hung one and no error text that could leak hosts', async () => {
    const readiness = createReadinessCheck({
      timeoutMs: 50,
      checks: {
        database: async () => {},
        eventStore: () => new Promise(() => {}),
        migrations: async () => {
          throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), { code: 'ECONNREFUSED' });
        },
      },
    });
    const report = await readiness();
    expect(report).toEqual({
      ready: false,
      checks: {
        database: { ok: true },
        eventStore: { ok: false, reason: 'timed out after 50 ms' },
        migrations: { ok: false, reason: 'failed (ECONNREFUSED)' },
      },
    });
  });

  it('answers 503 on /readyz when a check fails', async () => {
    const readiness = createReadinessCheck({ checks: { database: async () => Promise.reject(new CheckFailed('down')) } });
    const { app } = await buildApp({ readiness });
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', checks: { database: { ok: false, reason: 'down' } } });
  });
});

describe('the migrations check', () => {
  it('fails naming the pending migrations', async () => {
    const check = migrationsCheck({ listPending: async () => ['1700000000009_next'] });
    await expect(check()).rejects.toThrow('1 pending: 1700000000009_next');
  });

  it('asks once per cache period, and concurrent probes share one lookup', async () => {
    let now = 0;
    let lookups = 0;
    const check = migrationsCheck({
      cacheMs: 5_000,
      now: () => now,
      listPending: async () => {
        lookups += 1;
        return [];
      },
    });
    await Promise.all([check(), check(), check()]);
    now = 4_999;
    await check();
    expect(lookups).toBe(1);
    now = 5_000;
    await check();
    expect(lookups).toBe(2);
  });

  it('does not remember a failed lookup', async () => {
    let lookups = 0;
    const check = migrationsCheck({
      now: () => 0,
      listPending: async () => {
        lookups += 1;
        if (lookups === 1) throw new Error('database down');
        return [];
      },
    });
    await expect(check()).rejects.toThrow('database down');
    await expect(check()).resolves.toBeUndefined();
  });
});
