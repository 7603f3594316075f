import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createHttpApp } from './http.ts';
import { createLogger } from './logger.ts';
import {
  SESSION_COOKIE,
  createSession,
  destroySession,
  hashSessionToken,
  purgeExpiredSessions,
  registerSessionSupport,
  requireUser,
} from './sessions.ts';
import { createTestSession } from '../test/sessions.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

const tokenOf = (cookie: string) => cookie.split('=')[1]!;

describe('session support', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const user = { id: randomUUID(), email: 'ada@example.com' };

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }), trustProxy: true });
    registerSessionSupport(app, { pool: db.pool });
    app.get('/me', { preHandler: requireUser }, async (request) => ({ user: request.sessionUser }));
    app.post('/me', { preHandler: requireUser }, async (request) => ({ user: request.sessionUser }));
    app.post('/open', async () => ({ ok: true }));
    app.post('/login', async (request, reply) => {
      await createSession({ pool: db.pool, user, reply });
      return { ok: true };
    });
    app.post('/logout', async (request, reply) => {
      await destroySession({ pool: db.pool, request, reply });
      return { ok: true };
    });
    app.get('/cookies', async (request, reply) => {
      reply.setCookie('acres.test', 'set by a route', { maxAge: 60 });
      return { cookies: request.cookies };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('a request without a session cookie', () => {
    it('has no user and gets 401 Unauthorized from requireUser', async () => {
      const response = await app.inject({ method: 'GET', url: '/me' });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: 401, detail: 'Unauthorized' });
    });

    it('is not checked for CSRF (nothing to ride on)', async () => {
      const response = await app.inject({ method: 'POST', url: '/open', headers: { origin: 'https://evil.example' } });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('signing in', () => {
    it('sets an httpOnly, SameSite=Lax, 7-day cookie and stores only the token digest', async () => {
      const response = await app.inject({ method: 'POST', url: '/login' });
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^acres\.sid=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
      const token = cookie.split(';')[0]!.split('=')[1]!;
      const { rows } = await db.pool.query('SELECT sid, sess, expire FROM sessions WHERE sid = $1', [hashSessionToken(token)]);
      expect(rows).toHaveLength(1);
      expect(rows[0].sess.user).toEqual(user);
      const raw = await db.pool.query('SELECT 1 FROM sessions WHERE sid = $1', [token]);
      expect(raw.rows).toHaveLength(0);
      const me = await app.inject({ method: 'GET', url: '/me', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(me.json()).toEqual({ user });
    });

    it('marks the cookie Secure when the request came over https', async () => {
      const response = await app.inject({ method: 'POST', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
      expect(String(response.headers['set-cookie'])).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    });

    it('replaces a session the request already carried (no fixation)', async () => {
      const old = await createTestSession({ pool: db.pool, user });
      await app.inject({ method: 'POST', url: '/login', headers: { cookie: old } });
      const { rows } = await db.pool.query('SELECT 1 FROM sessions WHERE sid = $1', [hashSessionToken(tokenOf(old))]);
      expect(rows).toHaveLength(0);
    });
  });

  describe('a live session', () => {
    it('is ended by destroySession: row deleted, cookie cleared, later requests 401', async () => {
      const cookie = await createTestSession({ pool: db.pool, user });
      const out = await app.inject({ method: 'POST', url: '/logout', headers: { cookie } });
      expect(String(out.headers['set-cookie'])).toMatch(
        /^acres\.sid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
      );
      const { rows } = await db.pool.query('SELECT 1 FROM sessions WHERE sid = $1', [hashSessionToken(tokenOf(cookie))]);
      expect(rows).toHaveLength(0);
      expect((await app.inject({ method: 'GET', url: '/me', headers: { cookie } })).statusCode).toBe(401);
    });

    it('slides its expiry forward when it is older than the touch interval', async () => {
      const cookie = await createTestSession({ pool: db.pool, user, expiresInMs: 24 * 60 * 60_000 });
      const response = await app.inject({ method: 'GET', url: '/me', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toContain('Max-Age=604800');
      const { rows } = await db.pool.query<{ expire: Date }>('SELECT expire FROM sessions WHERE sid = $1', [
        hashSessionToken(tokenOf(cookie)),
      ]);
      expect(rows[0]!.expire.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 60 * 60_000);
    });
  });

  describe('an expired session', () => {
    it('is refused with 401 and its row is purged on read', async () => {
      const cookie = await createTestSession({ pool: db.pool, user, expiresInMs: -1000 });
      const response = await app.inject({ method: 'GET', url: '/me', headers: { cookie } });
      expect(response.statusCode).toBe(401);
      const { rows } = await db.pool.query('SELECT 1 FROM sessions WHERE sid = $1', [hashSessionToken(tokenOf(cookie))]);
      expect(rows).toHaveLength(0);
    });

    it('is removed by purgeExpiredSessions while live ones stay', async () => {
      const expired = await createTestSession({ pool: db.pool, user, expiresInMs: -1000 });
      const live = await createTestSession({ pool: db.pool, user });
      expect(await purgeExpiredSessions(db.pool)).toBeGreaterThanOrEqual(1);
      const left = await db.pool.query<{ sid: string }>('SELECT sid FROM sessions WHERE sid = ANY($1)', [
        [hashSessionToken(tokenOf(expired)), hashSessionToken(tokenOf(live))],
      ]);
      expect(left.rows.map((r) => r.sid)).toEqual([hashSessionToken(tokenOf(live))]);
    });
  });

  describe('a state-changing request carrying a session cookie', () => {
    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['Origin null', { origin: 'null' }],
      ['a foreign Referer and no Origin', { referer: 'https://evil.example/page' }],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['a look-alike Origin', { origin: 'http://localhost:80.evil.example' }],
    ])('is refused with 403 when it has %s', async (_label, headers) => {
      const cookie = await createTestSession({ pool: db.pool, user });
      const response = await app.inject({ method: 'POST', url: '/me', headers: { cookie, host: 'localhost', ...headers } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ detail: 'Cross-site request refused' });
    });

    it.each([
      ['its own Origin', { origin: 'http://localhost:3000' }],
      ['its own Referer', { referer: 'http://localhost:3000/dashboard' }],
      ['no Origin or Referer (not a browser page)', {}],
    ])('passes with %s', async (_label, headers) => {
      const cookie = await createTestSession({ pool: db.pool, user });
      const response = await app.inject({ method: 'POST', url: '/me', headers: { cookie, host: 'localhost:3000', ...headers } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user });
    });

    it('passes when an https Origin reaches the app as http on the default port (TLS proxy)', async () => {
      const cookie = await createTestSession({ pool: db.pool, user });
      const response = await app.inject({
        method: 'POST',
        url: '/me',
        headers: { cookie, host: 'acres.example', origin: 'https://acres.example' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('cookies (@fastify/cookie, registered with session support)', () => {
    it('are parsed into request.cookies and written by reply.setCookie with our defaults', async () => {
      const response = await app.inject({ method: 'GET', url: '/cookies', headers: { cookie: 'theme=dark; lang=en%20NG' } });
      expect(response.json().cookies).toEqual({ theme: 'dark', lang: 'en NG' });
      expect(String(response.headers['set-cookie'])).toBe(
        'acres.test=set%20by%20a%20route; Max-Age=60; Path=/; HttpOnly; SameSite=Lax',
      );
    });

    it('sign a browser in when a live session cookie follows a stale duplicate (another path or a parent domain)', async () => {
      const stale = await createTestSession({ pool: db.pool, user, expiresInMs: -1000 });
      const live = await createTestSession({ pool: db.pool, user });
      const response = await app.inject({ method: 'GET', url: '/me', headers: { cookie: `${stale}; theme=dark; ${live}` } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user });
      const malformed = await app.inject({
        method: 'GET',
        url: '/me',
        headers: { cookie: `${SESSION_COOKIE}=not-a-token; ${live}` },
      });
      expect(malformed.statusCode).toBe(200);
    });

    it('end every session among duplicates on logout', async () => {
      const first = await createTestSession({ pool: db.pool, user });
      const second = await createTestSession({ pool: db.pool, user });
      await app.inject({ method: 'POST', url: '/logout', headers: { cookie: `${first}; ${second}` } });
      const { rows } = await db.pool.query('SELECT 1 FROM sessions WHERE sid = ANY($1)', [
        [hashSessionToken(tokenOf(first)), hashSessionToken(tokenOf(second))],
      ]);
      expect(rows).toHaveLength(0);
    });
  });

  describe('a malformed session cookie', () => {
    it('is treated as no session', async () => {
      const response = await app.inject({ method: 'GET', url: '/me', headers: { cookie: `${SESSION_COOKIE}=' OR 1=1 --` } });
      expect(response.statusCode).toBe(401);
    });
  });
});
