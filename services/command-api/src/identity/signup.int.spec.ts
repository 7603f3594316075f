import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashSessionToken } from '@acres/platform/sessions';
import { userEmailStreamId } from './streams.ts';
import { postJson, sessionCookieFrom, startIdentityHarness, type IdentityHarness } from '../../test/identity-harness.ts';
import { validSignUp } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';

describe('POST /api/auth/signup', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentityHarness({
      adminUrl: inject('pgAdminUrl'),
      trustProxy: true,
      identity: { limits: { signUpPerIp: { max: 1000, windowMs: 60_000 } } },
    });
  });
  afterAll(async () => h?.close());

  describe('with a new email', () => {
    it('answers 201 with the user and position, and signs them in with an httpOnly Lax cookie', async () => {
      const response = await postJson(h.app, '/api/auth/signup', validSignUp({ email: ' Ada@Example.com ' }));
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        user: {
          id: expect.any(String),
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Obi',
          profileImageUrl: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
        position: expect.stringMatching(/^\d+$/),
      });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/^acres\.sid=[\w-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
      expect(response.headers['cache-control']).toBe('no-store');

      const token = sessionCookieFrom(response.headers['set-cookie'])!.split('=')[1]!;
      const { rows } = await h.db.pool.query('SELECT sess FROM sessions WHERE sid = $1', [hashSessionToken(token)]);
      expect(rows[0].sess.user).toEqual({ id: body.user.id, email: 'ada@example.com' });
    });

    it('records UserRegistered on user-{id} and the claim on user-email-{hash}, and the password outside the log', async () => {
      const response = await postJson(
        h.app,
        '/api/auth/signup',
        validSignUp({ email: 'bola@example.com', password: 'Secret-pass-9' }),
      );
      const { user } = response.json();
      const registered = await h.eventStore.readStream(`user-${user.id}`);
      expect(registered.map((e) => e.type)).toEqual(['UserRegistered']);
      expect(registered[0]!.data).toMatchObject({ userId: user.id, email: 'bola@example.com', authProvider: 'password' });
      const claim = await h.eventStore.readStream(userEmailStreamId(testAddressDigest, 'bola@example.com'));
      expect(claim.map((e) => [e.type, (e.data as { userId: string }).userId])).toEqual([['UserEmailClaimed', user.id]]);

      const all = JSON.stringify((await h.eventStore.readAll({ maxCount: 10_000 })).map((e) => [e.data, e.metadata]));
      expect(all).not.toContain('Secret-pass-9');
      expect(all).not.toContain('scrypt$');
      const { rows } = await h.db.pool.query('SELECT email_lower, password_hash FROM credentials WHERE user_id = $1', [user.id]);
      expect(rows).toEqual([{ email_lower: 'bola@example.com', password_hash: expect.stringMatching(/^scrypt\$32768\$8\$1\$/) }]);
    });

    it('marks the cookie Secure when the request came over https', async () => {
      const response = await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'secure@example.com' }), {
        'x-forwarded-proto': 'https',
      });
      expect(response.statusCode).toBe(201);
      expect(String(response.headers['set-cookie'])).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    });
  });

  describe('with an email that already has an account', () => {
    it('answers 409 "An account with this email already exists" whatever the case, writing nothing', async () => {
      await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'chi@example.com' }));
      const before = (await h.eventStore.readAll({ maxCount: 10_000 })).length;
      const response = await postJson(
        h.app,
        '/api/auth/signup',
        validSignUp({ email: 'CHI@Example.COM', password: 'another-pass-1' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        detail: 'An account with this email already exists',
        errors: [{ field: 'email', message: 'An account with this email already exists' }],
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await h.eventStore.readAll({ maxCount: 10_000 })).length).toBe(before);
      const { rows } = await h.db.pool.query("SELECT count(*)::int AS n FROM credentials WHERE email_lower = 'chi@example.com'");
      expect(rows[0].n).toBe(1);
    });
  });

  describe('raced by 20 sign-ups for one email', () => {
    it('creates exactly one account: one 201, nineteen 409s, one claim, one credentials row', async () => {
      const email = 'race@example.com';
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => postJson(h.app, '/api/auth/signup', validSignUp({ email, firstName: `Racer${i}` }))),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, ...Array(19).fill(409)]);
      const winner = responses.find((r) => r.statusCode === 201)!.json().user.id;
      const claim = await h.eventStore.readStream(userEmailStreamId(testAddressDigest, email));
      expect(claim).toHaveLength(1);
      expect((claim[0]!.data as { userId: string }).userId).toBe(winner);
      const { rows } = await h.db.pool.query('SELECT user_id FROM credentials WHERE email_lower = $1', [email]);
      expect(rows).toEqual([{ user_id: winner }]);
      const registrations = (await h.eventStore.readAll({ maxCount: 10_000 })).filter(
        (e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === email,
      );
      expect(registrations).toHaveLength(1);
    });
  });

  describe('with an email whose earlier sign-up stalled after the claim (a crash between the stores)', () => {
    const claimOnly = async (email: string, claimedAt: Date) => {
      const userId = randomUUID();
      await h.eventStore.appendToStream(
        userEmailStreamId(testAddressDigest, email),
        [
          {
            id: randomUUID(),
            type: 'UserEmailClaimed',
            data: { userId, email, claimedAt: claimedAt.toISOString() },
            metadata: {
              correlationId: randomUUID(),
              actor: { kind: 'user', id: userId },
              schemaVersion: 1,
              occurredAt: claimedAt.toISOString(),
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      return userId;
    };

    it('completes the stalled account for the new sign-up once the claim is a minute old', async () => {
      const stalledId = await claimOnly('stalled@example.com', new Date(Date.now() - 5 * 60_000));
      const response = await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'stalled@example.com' }));
      expect(response.statusCode).toBe(201);
      expect(response.json().user.id).toBe(stalledId);
      expect((await h.eventStore.readStream(`user-${stalledId}`)).map((e) => e.type)).toEqual(['UserRegistered']);
      const again = await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'stalled@example.com' }));
      expect(again.statusCode).toBe(409);
    });

    it('still answers 409 while the claim is fresh (that sign-up may be finishing)', async () => {
      await claimOnly('inflight@example.com', new Date());
      const response = await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'inflight@example.com' }));
      expect(response.statusCode).toBe(409);
      const { rows } = await h.db.pool.query("SELECT 1 FROM credentials WHERE email_lower = 'inflight@example.com'");
      expect(rows).toHaveLength(0);
    });
  });

  describe('with bad input', () => {
    it.each([
      ['a short password', { password: 'abc1' }, 'password', 'Password must be at least 8 characters'],
      [
        'a password without digits',
        { password: 'onlyletters' },
        'password',
        'Password must contain at least one letter and one digit',
      ],
      [
        'a password without letters',
        { password: '1234567890' },
        'password',
        'Password must contain at least one letter and one digit',
      ],
      ['a bad email', { email: 'not-an-email' }, 'email', 'Valid email is required'],
      ['a blank first name', { firstName: '   ' }, 'firstName', 'First name is required'],
      ['no last name', { lastName: undefined }, 'lastName', 'Last name is required'],
    ])('answers 400 naming the field for %s', async (_label, override, field, message) => {
      const response = await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'weak@example.com', ...override }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
    });

    it('answers 415 for a form post and 400 for a body that is not an object', async () => {
      const form = await h.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a',
      });
      expect(form.statusCode).toBe(415);
      const array = await postJson(h.app, '/api/auth/signup', [1, 2]);
      expect(array.statusCode).toBe(400);
      expect(array.json().detail).toBe('The request body must be a JSON object');
    });

    it('left no account behind for the refused weak password', async () => {
      const { rows } = await h.db.pool.query("SELECT 1 FROM credentials WHERE email_lower = 'weak@example.com'");
      expect(rows).toHaveLength(0);
    });
  });
});
