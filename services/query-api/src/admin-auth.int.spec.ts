import { Writable } from 'node:stream';
import { createTestDatabase, type TestDatabase } from '@acres/platform/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildQueryApp } from './app.ts';
import { ADMIN, ADMIN_AUTH, basicAuth, insertLead } from './test-support.ts';

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
  let app: ReturnType<typeof buildQueryApp>;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    await insertLead(db.pool, { fullName: 'Visible Only To Admins' });
    app = buildQueryApp({ pool: db.pool, adminCredentials: ADMIN, logger: logs.logger, adminRateLimit: { maxFailures: 1000 } });
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
    const response = await app.inject({ url: '/api/admin/leads', headers: { authorization: basicAuth(ADMIN.username, 'guess') } });
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

describe('an address that keeps failing admin sign-in', () => {
  let db: TestDatabase;
  let app: ReturnType<typeof buildQueryApp>;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    app = buildQueryApp({ pool: db.pool, adminCredentials: ADMIN, logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('gets 429 with Retry-After once the default ten failures are spent, even with the right password', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await app.inject({ url: '/api/admin/counters', headers: { authorization: basicAuth('admin', `guess-${attempt}`) } });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await app.inject({ url: '/api/admin/counters', headers: ADMIN_AUTH });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toContain('application/problem+json');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not block a different address', async () => {
    const response = await app.inject({ url: '/api/admin/counters', headers: ADMIN_AUTH, remoteAddress: '10.0.0.7' });
    expect(response.statusCode).toBe(200);
  });
});
