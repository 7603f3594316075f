import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createHttpApp } from '../http.ts';
import { createLogger } from '../logger.ts';
import { rateLimitPlugin } from '../plugins/rate-limit.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { endThrottleWindows } from '../../test/throttle.ts';

/** One replica: a route limited by its config, and one by a hook made with app.rateLimit. */
const buildReplica = async (db: TestDatabase) => {
  const app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }) });
  await app.register(rateLimitPlugin, { pool: db.pool });
  const hookedKey = (request: FastifyRequest) => `hooked:${request.ip}`;
  const peek = app.createRateLimit({ max: 10, timeWindow: 60_000, keyGenerator: hookedKey });
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.get('/also-limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.get('/peek', async (request) => {
    const status = await peek(request, { increment: false });
    return status.isAllowed ? {} : { remaining: status.remaining };
  });
  app.post('/hooked', { onRequest: app.rateLimit({ max: 10, timeWindow: 60_000, keyGenerator: hookedKey }) }, async () => ({
    ok: true,
  }));
  app.get('/open', async () => ({ ok: true }));
  await app.ready();
  return app;
};

describe('@fastify/rate-limit over the PostgreSQL store', () => {
  let db: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    one = await buildReplica(db);
    two = await buildReplica(db);
  });
  beforeEach(async () => {
    await db.pool.query('DELETE FROM throttle');
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.drop();
  });

  it('counts one window across replicas and answers 429 problem+json with Retry-After past it', async () => {
    expect((await one.inject('/limited')).statusCode).toBe(200);
    expect((await two.inject('/limited')).statusCode).toBe(200);
    const third = await one.inject('/limited');
    expect(third.statusCode).toBe(200);
    expect(third.headers['x-ratelimit-remaining']).toBe('0');
    for (const app of [two, one]) {
      const refused = await app.inject('/limited');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  });

  it('keeps routes, addresses and unlimited routes apart', async () => {
    for (let i = 0; i < 4; i += 1) await one.inject('/limited');
    expect((await one.inject('/also-limited')).statusCode).toBe(200);
    expect((await one.inject({ url: '/limited', remoteAddress: '10.0.0.9' })).statusCode).toBe(200);
    expect((await one.inject('/open')).statusCode).toBe(200);
    const { rows } = await db.pool.query<{ key: string }>('SELECT key FROM throttle ORDER BY key');
    expect(rows.map((row) => row.key)).toEqual([
      'GET /also-limited:127.0.0.1',
      'GET /limited:10.0.0.9',
      'GET /limited:127.0.0.1',
    ]);
  });

  it('starts counting again once the window has ended', async () => {
    for (let i = 0; i < 4; i += 1) await one.inject('/limited');
    expect((await one.inject('/limited')).statusCode).toBe(429);
    await endThrottleWindows(db.pool);
    expect((await two.inject('/limited')).statusCode).toBe(200);
  });

  it('lets a hook made with app.rateLimit count exactly under concurrent requests from both replicas', async () => {
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? one : two).inject({ method: 'POST', url: '/hooked' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(6).fill(429)]);
  });

  it('peeks without counting (the store’s read)', async () => {
    expect((await one.inject('/peek')).json()).toEqual({ remaining: 10 });
    await one.inject({ method: 'POST', url: '/hooked' });
    await two.inject({ method: 'POST', url: '/hooked' });
    expect((await one.inject('/peek')).json()).toEqual({ remaining: 8 });
    expect((await two.inject('/peek')).json()).toEqual({ remaining: 8 });
  });
});
