import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import {
  postJson,
  sessionCookieFrom,
  signInFrom,
  startIdentityHarness,
  type IdentityHarness,
  signUpAndSignIn,
} from '../../test/identity-harness.ts';
import { registerTestUser, TEST_PASSWORD } from '../../test/test-users.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { validSignUp } from '@acres/fixtures';

const SIGN_IN_FAILED = 'Incorrect email or password';

describe('POST /api/auth/signin', () => {
  let h: IdentityHarness;
  let userId: string;
  beforeAll(async () => {
    h = await startIdentityHarness({
      adminUrl: inject('pgAdminUrl'),
      identity: { limits: { signIn: { freeFailures: 3, baseDelayMs: 60_000 } } },
    });
    const signIn = await signUpAndSignIn(h.app, validSignUp({ email: 'ada@example.com', password: 'correct horse 42' }));
    userId = signIn.json().user.id;
    // Sign-in counts failures per account: this one's is not a failure to carry into the specs.
    await h.db.pool.query('DELETE FROM throttle');
  });
  afterAll(async () => h?.close());

  describe('with the right password', () => {
    it('answers 200 with the user and a fresh session cookie, whatever the email case', async () => {
      const response = await postJson(h.app, '/api/auth/signin', { email: 'ADA@example.com', password: 'correct horse 42' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ id: userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi' });
      const cookie = sessionCookieFrom(response.headers['set-cookie']);
      expect(cookie).toMatch(/^acres\.sid=[\w-]{43}$/);
      expect(String(response.headers['set-cookie'])).toContain('HttpOnly; SameSite=Lax');
    });

    it('works for a user registered by the test helper with TEST_PASSWORD', async () => {
      const { user, cookie } = await registerTestUser({ eventStore: h.eventStore, pool: h.db.pool, email: 'helper@example.com' });
      expect(cookie).toMatch(/^acres\.sid=/);
      const response = await postJson(h.app, '/api/auth/signin', { email: 'helper@example.com', password: TEST_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.id).toBe(user.id);
    });
  });

  describe('refused', () => {
    it('answers 401 "Incorrect email or password" for a wrong password, without a cookie', async () => {
      const response = await postJson(h.app, '/api/auth/signin', { email: 'ada@example.com', password: 'wrong horse 42' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, detail: SIGN_IN_FAILED });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('answers the same for an unknown email, taking about as long (a real scrypt against a dummy hash)', async () => {
      const time = async (email: string) => {
        const started = performance.now();
        const response = await postJson(h.app, '/api/auth/signin', { email, password: 'wrong horse 42' });
        return { elapsed: performance.now() - started, body: response.json(), status: response.statusCode };
      };
      await time('nobody@example.com'); // first call builds the dummy hash
      const unknown = await time('nobody2@example.com');
      const known = await time('ada@example.com');
      expect(unknown.status).toBe(401);
      expect(unknown.body.detail).toBe(SIGN_IN_FAILED);
      expect(known.body.detail).toBe(SIGN_IN_FAILED);
      // Both paths run one scrypt at the parameters new hashes get; a skipped hash would answer in ~1 ms.
      const hash = await hashPassword('reference pass 1');
      let oneScrypt = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        await verifyPassword('wrong horse 42', hash);
        oneScrypt = Math.min(oneScrypt, performance.now() - started);
      }
      expect(unknown.elapsed).toBeGreaterThan(oneScrypt * 0.8);
      expect(known.elapsed).toBeGreaterThan(oneScrypt * 0.8);
    });

    it('answers 400 naming the field for a missing password or a bad email', async () => {
      const noPassword = await postJson(h.app, '/api/auth/signin', { email: 'ada@example.com', password: '' });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().errors).toEqual([{ field: 'password', message: 'Password is required' }]);
      const badEmail = await postJson(h.app, '/api/auth/signin', { email: 'ada', password: 'x' });
      expect(badEmail.json().errors).toEqual([{ field: 'email', message: 'Valid email is required' }]);
    });
  });

  describe('after too many failures for one email from one address', () => {
    it('answers that address 429 with Retry-After, even for the right password; other addresses and emails still work', async () => {
      const email = 'target@example.com';
      await postJson(h.app, '/api/auth/signup', validSignUp({ email, password: 'target pass 1' }));
      for (let i = 0; i < 3; i += 1) {
        expect((await postJson(h.app, '/api/auth/signin', { email, password: `guess ${i}x` })).statusCode).toBe(401);
      }
      const blocked = await postJson(h.app, '/api/auth/signin', { email: 'TARGET@example.com', password: 'target pass 1' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['content-type']).toContain('application/problem+json');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(59);
      expect(blocked.json().detail).toBe('Too many sign-in attempts. Try again in 1 minute.');
      const elsewhere = await signInFrom(h.app, { email, password: 'target pass 1' }, '203.0.113.20');
      expect(elsewhere.statusCode).toBe(200);
      expect(
        (await postJson(h.app, '/api/auth/signin', { email: 'ada@example.com', password: 'correct horse 42' })).statusCode,
      ).toBe(200);
    });
  });
});

describe('failed sign-ins from one address across many emails (password spraying)', () => {
  const h = useHarness(() =>
    startIdentityHarness({
      adminUrl: inject('pgAdminUrl'),
      identity: { limits: { signIn: { addressFreeFailures: 4 } } },
    }),
  );

  it('make that address wait once it has failed too often, while other addresses go on', async () => {
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await postJson(h.app, '/api/auth/signin', { email: `spray${i}@example.com`, password: 'password1' })).statusCode,
      ).toBe(401);
    }
    const blocked = await postJson(h.app, '/api/auth/signin', { email: 'spray9@example.com', password: 'password1' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signInFrom(h.app, { email: 'spray9@example.com', password: 'password1' }, '203.0.113.20')).statusCode).toBe(
      401,
    );
  });
});
