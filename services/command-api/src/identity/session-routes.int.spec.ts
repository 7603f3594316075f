import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { hashSessionToken } from '@acres/platform/sessions';
import { createTestSession } from '@acres/platform/test';
import { sessionCookieFrom, startIdentityHarness, signUpAndSignIn } from '../../test/identity-harness.ts';
import { registerTestUser } from '../../test/test-users.ts';
import { validSignUp } from '@acres/fixtures';

describe('login, logout and the signed-in user', () => {
  const h = useHarness(() => startIdentityHarness({ adminUrl: inject('pgAdminUrl'), projector: true }));

  describe('GET /api/login without an OpenID provider', () => {
    it('sends a visitor to the SPA sign-in page, carrying returnTo', async () => {
      const response = await h.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Faffiliate%2Fonboarding%3Fx%3D1' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/signin?returnTo=%2Faffiliate%2Fonboarding%3Fx%3D1');
    });

    it.each([
      ['//evil.com'],
      ['https://evil.com'],
      ['/\\evil.com'],
      ['javascript:alert(1)'],
      ['http:/evil.com'],
      ['/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n')],
    ])('falls back to / for returnTo %j', async (returnTo) => {
      const response = await h.app.inject({ method: 'GET', url: `/api/login?returnTo=${encodeURIComponent(returnTo)}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/signin?returnTo=%2F');
    });

    it('falls back to / when returnTo is missing or sent twice', async () => {
      expect((await h.app.inject({ method: 'GET', url: '/api/login' })).headers.location).toBe('/signin?returnTo=%2F');
      expect((await h.app.inject({ method: 'GET', url: '/api/login?returnTo=/a&returnTo=/b' })).headers.location).toBe(
        '/signin?returnTo=%2F',
      );
    });

    it('sends a signed-in user straight to returnTo (but never off-site)', async () => {
      const { cookie } = await registerTestUser({ eventStore: h.eventStore, pool: h.db.pool });
      const onboarding = await h.app.inject({
        method: 'GET',
        url: '/api/login?returnTo=/affiliate/onboarding',
        headers: { cookie },
      });
      expect(onboarding.headers.location).toBe('/affiliate/onboarding');
      const evil = await h.app.inject({ method: 'GET', url: '/api/login?returnTo=//evil.com', headers: { cookie } });
      expect(evil.headers.location).toBe('/dashboard');
    });

    it("sends a signed-in user who clicks the landing page's Login to the dashboard, not back to the landing", async () => {
      const { cookie } = await registerTestUser({ eventStore: h.eventStore, pool: h.db.pool });
      for (const url of ['/api/login', '/api/login?returnTo=/', '/api/login?returnTo=%2F']) {
        const response = await h.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(response.statusCode, url).toBe(302);
        expect(response.headers.location, url).toBe('/dashboard');
      }
      // Signed out, the Login link still goes to the sign-in page.
      expect((await h.app.inject({ method: 'GET', url: '/api/login' })).headers.location).toBe('/signin?returnTo=%2F');
    });
  });

  describe('GET /api/auth/user', () => {
    it('answers 401 Unauthorized when signed out', async () => {
      const response = await h.app.inject({ method: 'GET', url: '/api/auth/user' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, detail: 'Unauthorized' });
    });

    it('answers the SPEC 3 user right after sign-up and sign-in when the SPA sends the position it got', async () => {
      const signUp = await signUpAndSignIn(h.app, validSignUp({ email: 'fresh@example.com' }));
      const { user, position } = signUp.json();
      const cookie = sessionCookieFrom(signUp.headers['set-cookie'])!;
      const response = await h.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie, 'x-min-position': position },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-read-model-stale']).toBeUndefined();
      expect(response.json()).toEqual(user);
      const { rows } = await h.db.pool.query('SELECT email, first_name, auth_provider FROM users WHERE id = $1', [user.id]);
      expect(rows).toEqual([{ email: 'fresh@example.com', first_name: 'Ada', auth_provider: 'password' }]);
    });

    it('answers from the session, not 401, for a signed-in user the read model does not have yet', async () => {
      const ghost = { id: randomUUID(), email: 'ghost@example.com' };
      const cookie = await createTestSession({ pool: h.db.pool, user: ghost });
      const response = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: ghost.id,
        email: ghost.email,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
      });
    });

    it('answers 401 for an expired session and deletes its row', async () => {
      const user = { id: randomUUID(), email: 'old@example.com' };
      const cookie = await createTestSession({ pool: h.db.pool, user, expiresInMs: -60_000 });
      const response = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(response.statusCode).toBe(401);
      const { rows } = await h.db.pool.query('SELECT 1 FROM sessions WHERE sid = $1', [hashSessionToken(cookie.split('=')[1]!)]);
      expect(rows).toHaveLength(0);
    });
  });

  describe('logging out', () => {
    it('GET /api/logout ends the session and goes back to /', async () => {
      const { cookie } = await registerTestUser({ eventStore: h.eventStore, pool: h.db.pool });
      const response = await h.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(String(response.headers['set-cookie'])).toMatch(/^acres\.sid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970/);
      expect((await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    });

    it('POST /api/logout answers {ok: true} as JSON, with no body needed', async () => {
      const { cookie } = await registerTestUser({ eventStore: h.eventStore, pool: h.db.pool });
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { cookie, origin: 'http://localhost:80' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect((await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    });

    it('POST /api/logout when already signed out still answers {ok: true}', async () => {
      const response = await h.app.inject({ method: 'POST', url: '/api/logout' });
      expect(response.json()).toEqual({ ok: true });
    });
  });

  describe('a cookie-carrying write from another site', () => {
    it.each([
      ['POST /api/logout', '/api/logout', undefined],
      ['POST /api/auth/signin', '/api/auth/signin', { email: 'a@example.com', password: 'password1' }],
    ])('is refused with 403 on %s and changes nothing', async (_label, url, body) => {
      const { cookie } = await registerTestUser({ eventStore: h.eventStore, pool: h.db.pool });
      const response = await h.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: 'https://evil.example', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('Cross-site request refused');
      expect((await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    });
  });
});
