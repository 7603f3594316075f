import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { EMAIL_TAKEN_MESSAGE, SIGN_UP_ACCEPTED_MESSAGE } from '@acres/contracts';
import { SCRYPT_PARAMS } from './passwords.ts';
import { userEmailStreamId } from './streams.ts';
import { postJson, startIdentityHarness } from '../../test/identity-harness.ts';
import { validSignUp } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';

describe('POST /api/auth/signup', () => {
  const h = useHarness(() =>
    startIdentityHarness({
      adminUrl: inject('pgAdminUrl'),
      trustProxy: true,
      identity: { limits: { signUpPerIp: { max: 1000, windowMs: 60_000 } } },
    }),
  );

  const accepted = { message: SIGN_UP_ACCEPTED_MESSAGE };
  const typesOf = async (stream: string) => (await h.eventStore.readStream(stream)).map((e) => e.type);
  const claimantOf = async (email: string) => {
    const { rows } = await h.db.pool.query<{ user_id: string }>('SELECT user_id FROM credentials WHERE email_lower = $1', [
      email,
    ]);
    return rows[0]?.user_id ?? null;
  };

  describe('with a new email', () => {
    it('answers 202 with the one message, sets no session, and asks for a link to the email', async () => {
      const response = await postJson(h.app, '/api/auth/signup', validSignUp({ email: ' Ada@Example.com ' }));
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(accepted);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      const userId = (await claimantOf('ada@example.com'))!;
      expect(await typesOf(`user-${userId}`)).toEqual(['UserRegistered', 'EmailVerificationRequested']);
      const [, requested] = await h.eventStore.readStream(`user-${userId}`);
      expect(requested!.data).toMatchObject({ userId, email: 'ada@example.com' });
      const { requestedAt, expiresAt } = requested!.data as { requestedAt: string; expiresAt: string };
      expect(Date.parse(expiresAt) - Date.parse(requestedAt)).toBe(24 * 60 * 60_000);
      const { rows } = await h.db.pool.query('SELECT count(*)::int AS n FROM sessions');
      expect(rows[0].n).toBe(0);
    });

    it('records UserRegistered on user-{id} and the claim on user-email-{hash}, and the password outside the log', async () => {
      await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'bola@example.com', password: 'Secret-pass-9' }));
      const userId = (await claimantOf('bola@example.com'))!;
      const registered = await h.eventStore.readStream(`user-${userId}`);
      expect(registered[0]!.data).toMatchObject({ userId, email: 'bola@example.com', authProvider: 'password' });
      const claim = await h.eventStore.readStream(userEmailStreamId(testAddressDigest, 'bola@example.com'));
      expect(claim.map((e) => [e.type, (e.data as { userId: string }).userId])).toEqual([['UserEmailClaimed', userId]]);

      const all = JSON.stringify((await h.eventStore.readAll({ maxCount: 10_000 })).map((e) => [e.data, e.metadata]));
      expect(all).not.toContain('Secret-pass-9');
      expect(all).not.toContain('scrypt$');
      const { rows } = await h.db.pool.query('SELECT password_hash FROM credentials WHERE user_id = $1', [userId]);
      expect(rows).toEqual([{ password_hash: expect.stringMatching(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$`)) }]);
    });

    it('lets the person sign in with the password before the email is confirmed, and says it is not', async () => {
      await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'early@example.com', password: 'early pass 1' }));
      const signIn = await postJson(h.app, '/api/auth/signin', { email: 'early@example.com', password: 'early pass 1' });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().user).toMatchObject({ email: 'early@example.com', emailVerified: false });
    });
  });

  describe('with an email that already has an account (finding 9)', () => {
    it('answers byte for byte as for a new email, changes nothing of the account, and tells its owner', async () => {
      const first = await postJson(
        h.app,
        '/api/auth/signup',
        validSignUp({ email: 'chi@example.com', password: 'first pass 1' }),
      );
      const ownerId = (await claimantOf('chi@example.com'))!;
      const before = await typesOf(`user-${ownerId}`);
      const again = await postJson(
        h.app,
        '/api/auth/signup',
        validSignUp({ email: 'CHI@Example.COM', password: 'another-pass-1', firstName: 'Mallory' }),
      );
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body);
      // Apart from the request id, the date and the address's sign-up count, which move on every request.
      const headers = (response: typeof first) => {
        const {
          'x-request-id': _id,
          date: _date,
          'x-ratelimit-remaining': _remaining,
          'x-ratelimit-reset': _reset,
          ...rest
        } = response.headers;
        return rest;
      };
      expect(headers(again)).toEqual(headers(first));
      expect(again.headers['set-cookie']).toBeUndefined();
      // One more event on the owner's stream, the note; the claim, the password and the names stay.
      expect(await typesOf(`user-${ownerId}`)).toEqual([...before, 'ExistingAccountSignUpAttempted']);
      expect(await typesOf(userEmailStreamId(testAddressDigest, 'chi@example.com'))).toEqual(['UserEmailClaimed']);
      const { rows } = await h.db.pool.query("SELECT user_id FROM credentials WHERE email_lower = 'chi@example.com'");
      expect(rows).toEqual([{ user_id: ownerId }]);
      expect((await postJson(h.app, '/api/auth/signin', { email: 'chi@example.com', password: 'first pass 1' })).statusCode).toBe(
        200,
      );
      expect(
        (await postJson(h.app, '/api/auth/signin', { email: 'chi@example.com', password: 'another-pass-1' })).statusCode,
      ).toBe(401);
    });

    it('never answers 409 "An account with this email already exists"', async () => {
      await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'never409@example.com' }));
      for (let n = 0; n < 3; n += 1) {
        const response = await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'never409@example.com' }));
        expect(response.statusCode).toBe(202);
        expect(response.body).not.toContain(EMAIL_TAKEN_MESSAGE);
      }
    });
  });

  describe('raced by 20 sign-ups for one email', () => {
    it('creates exactly one account: twenty 202s, one claim, one credentials row', async () => {
      const email = 'race@example.com';
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => postJson(h.app, '/api/auth/signup', validSignUp({ email, firstName: `Racer${i}` }))),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
      const claim = await h.eventStore.readStream(userEmailStreamId(testAddressDigest, email));
      expect(claim).toHaveLength(1);
      const winner = (claim[0]!.data as { userId: string }).userId;
      const { rows } = await h.db.pool.query('SELECT user_id FROM credentials WHERE email_lower = $1', [email]);
      expect(rows).toEqual([{ user_id: winner }]);
      const registrations = (await h.eventStore.readAll({ maxCount: 10_000 })).filter(
        (e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === email,
      );
      expect(registrations).toHaveLength(1);
    });
  });

  describe('raced by 20 sign-ups for an email that already has an account', () => {
    it('answers every one 202: the losers of the race to tell the owner are not refused', async () => {
      const email = 'taken-race@example.com';
      expect((await postJson(h.app, '/api/auth/signup', validSignUp({ email }))).statusCode).toBe(202);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => postJson(h.app, '/api/auth/signup', validSignUp({ email, firstName: `Late${i}` }))),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
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
      expect(response.statusCode).toBe(202);
      expect(await claimantOf('stalled@example.com')).toBe(stalledId);
      expect(await typesOf(`user-${stalledId}`)).toEqual(['UserRegistered', 'EmailVerificationRequested']);
      const again = await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'stalled@example.com' }));
      expect(again.statusCode).toBe(202);
      expect(await typesOf(`user-${stalledId}`)).toEqual([
        'UserRegistered',
        'EmailVerificationRequested',
        'ExistingAccountSignUpAttempted',
      ]);
    });

    it('writes nothing while the claim is fresh (that sign-up may be finishing), with the same answer', async () => {
      await claimOnly('inflight@example.com', new Date());
      const response = await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'inflight@example.com' }));
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(accepted);
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
