import { Writable } from 'node:stream';
import { createTestDatabase, type TestDatabase, liftThrottleWaits } from '@acres/platform/test';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ADMIN, ADMIN_AUTH, basicAuth, insertLead } from '../test/support.ts';
import { buildTestQueryApp, type QueryApp } from '../test/query-app.ts';

const ADMIN_ROUTES = ['/api/admin/leads', '/api/admin/leads/export.csv', '/api/admin/subscriptions', '/api/admin/counters'];

const captureLogs = () => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // trace and no redaction of our own: the test shows nothing sensitive is logged at all.
  return { logger: pino({ level: 'trace' }, destination), lines };
};

describe('the admin routes', () => {
  let db: TestDatabase;
  const logs = captureLogs();
  let app: QueryApp;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    await insertLead(db.pool, { fullName: 'Visible Only To Admins' });
    app = buildTestQueryApp(db, { logger: logs.logger, adminRateLimit: { freeFailures: 1000 } });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it.each(ADMIN_ROUTES)('answers 401 problem+json to %s without credentials', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 401, detail: 'Admin credentials are missing or wrong' });
    expect(response.body).not.toContain('Visible Only To Admins');
  });

  it.each(ADMIN_ROUTES)('answers 200 to %s with the right credentials', async (url) => {
    const response = await app.inject({ url, headers: ADMIN_AUTH });
    expect(response.statusCode).toBe(200);
  });

  it('rejects a wrong password', async () => {
    const response = await app.inject({
      url: '/api/admin/leads',
      headers: { authorization: basicAuth(ADMIN.username, 'guess') },
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a wrong username with the right password', async () => {
    const response = await app.inject({ url: '/api/admin/leads', headers: { authorization: basicAuth('root', ADMIN.password) } });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a malformed Authorization header', async () => {
    for (const authorization of ['Basic', 'Basic !!!', 'Bearer abc', `Basic ${Buffer.from('no-colon').toString('base64')}`]) {
      const response = await app.inject({ url: '/api/admin/leads', headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it('checks credentials before the query, so a stranger learns nothing from a 400', async () => {
    const response = await app.inject({ url: '/api/admin/leads?limit=abc' });
    expect(response.statusCode).toBe(401);
  });

  it('never writes the Authorization header or the password into the logs', async () => {
    await app.inject({ url: '/api/admin/leads', headers: ADMIN_AUTH });
    await app.inject({ url: '/api/admin/leads', headers: { authorization: basicAuth(ADMIN.username, 'wrong-password-xyz') } });
    const logged = logs.lines.join('\n');
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logged).toContain('/api/admin/leads');
    expect(logged).not.toContain(ADMIN_AUTH.authorization.slice('Basic '.length));
    expect(logged).not.toContain(ADMIN.password);
    expect(logged).not.toContain('wrong-password-xyz');
    expect(logged.toLowerCase()).not.toContain('"authorization"');
  });
});

describe('failed admin sign-ins (default limits: five free failures, then 30 s doubling)', () => {
  const GUESSER = '198.51.100.7';
  const ADMIN_DESK = '203.0.113.20';
  let db: TestDatabase;
  let app: QueryApp;
  let replica: QueryApp;

  const counters = (from: typeof app, authorization: string, remoteAddress: string) =>
    from.inject({ url: '/api/admin/counters', headers: { authorization }, remoteAddress });
  const guess = async (times: number, from = app) => {
    const statuses: number[] = [];
    for (let i = 0; i < times; i += 1)
      statuses.push((await counters(from, basicAuth('admin', `guess-${i}`), GUESSER)).statusCode);
    return statuses;
  };

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    app = buildTestQueryApp(db);
    replica = buildTestQueryApp(db);
  });
  beforeEach(async () => {
    await db.pool.query('DELETE FROM throttle');
  });
  afterAll(async () => {
    await app.close();
    await replica.close();
    await db.drop();
  });

  it('make the guessing address wait, even with the right password, with a wait that grows', async () => {
    expect(await guess(5)).toEqual(Array(5).fill(401));
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const blocked = await counters(app, ADMIN_AUTH.authorization, GUESSER);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['content-type']).toContain('application/problem+json');
      expect(blocked.json()).toMatchObject({ detail: 'Too many failed admin sign-in attempts. Try again later.' });
      waits.push(Number(blocked.headers['retry-after']));
      await liftThrottleWaits(db.pool);
      expect(await guess(1)).toEqual([401]);
    }
    expect(waits).toEqual([30, 60, 120]);
  });

  it('never lock the admin out from another address while someone guesses', async () => {
    expect(await guess(15)).toEqual([...Array(5).fill(401), ...Array(10).fill(429)]);
    expect((await counters(app, ADMIN_AUTH.authorization, ADMIN_DESK)).statusCode).toBe(200);
  });

  it('let no earlier success from the address shorten the wait of a guess made there', async () => {
    // The guard remembers a verified header per address for a few seconds; a failure there ends that.
    expect((await counters(app, ADMIN_AUTH.authorization, GUESSER)).statusCode).toBe(200);
    expect(await guess(5)).toEqual(Array(5).fill(401));
    expect((await counters(app, ADMIN_AUTH.authorization, GUESSER)).statusCode).toBe(429);
  });

  it('let the admin in at that address once the wait has passed: a delay, not a lockout', async () => {
    await guess(10);
    await liftThrottleWaits(db.pool);
    expect((await counters(app, ADMIN_AUTH.authorization, GUESSER)).statusCode).toBe(200);
  });

  it('add up failures on every replica over the same database', async () => {
    await guess(3, app);
    await guess(2, replica);
    expect((await counters(app, ADMIN_AUTH.authorization, GUESSER)).statusCode).toBe(429);
    expect((await counters(replica, ADMIN_AUTH.authorization, GUESSER)).statusCode).toBe(429);
  });

  it('count nothing for a request without credentials', async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await app.inject({ url: '/api/admin/counters', remoteAddress: GUESSER })).statusCode).toBe(401);
    expect((await db.pool.query('SELECT 1 FROM throttle')).rows).toHaveLength(0);
  });
});
