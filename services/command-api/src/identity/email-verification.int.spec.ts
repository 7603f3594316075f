import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { validSignUp } from '@acres/fixtures';
import { mintEmailVerificationToken } from '@acres/platform/signing';
import { postJson, startIdentityHarness, type IdentityHarness } from '../../test/identity-harness.ts';

const SECRET = 'identity-spec-link-signing-secret-0123456789';
const DAY_MS = 24 * 60 * 60_000;

describe('POST /api/auth/verify-email, on a clock the spec moves', () => {
  let h: IdentityHarness;
  let now = new Date('2026-05-01T09:00:00.000Z');
  beforeAll(async () => {
    h = await startIdentityHarness({ adminUrl: inject('pgAdminUrl'), identity: { linkSigningSecret: SECRET, now: () => now } });
  });
  afterAll(async () => h?.close());

  const PASSWORD = validSignUp().password;
  /** The link's page, from a browser not signed in to the account: with its password. */
  const verify = (token: string, password = PASSWORD) => postJson(h.app, '/api/auth/verify-email', { token, password });

  /** Signs up `email` and answers the token the notifier would mint for its link. */
  const signUpForToken = async (email: string) => {
    expect((await postJson(h.app, '/api/auth/signup', validSignUp({ email }))).statusCode).toBe(202);
    const { rows } = await h.db.pool.query<{ user_id: string }>('SELECT user_id FROM credentials WHERE email_lower = $1', [
      email,
    ]);
    const userId = rows[0]!.user_id;
    const requested = (await h.eventStore.readStream(`user-${userId}`)).find((e) => e.type === 'EmailVerificationRequested')!;
    const { verificationId } = requested.data as { verificationId: string };
    return { userId, token: mintEmailVerificationToken({ secret: SECRET, verificationId, userId }) };
  };
  const typesOf = async (userId: string) => (await h.eventStore.readStream(`user-${userId}`)).map((e) => e.type);

  it('refuses the link from the 24th hour on, recording nothing', async () => {
    const { userId, token } = await signUpForToken('late@example.com');
    now = new Date(now.getTime() + DAY_MS);
    const response = await verify(token);
    expect(response.statusCode).toBe(410);
    expect(response.json().errors).toEqual([{ field: 'token', message: expect.stringMatching(/invalid, has expired/) }]);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await typesOf(userId)).toEqual(['UserRegistered', 'EmailVerificationRequested']);
  });

  it('accepts it a moment before, once, and signs the person in', async () => {
    const { userId, token } = await signUpForToken('intime@example.com');
    now = new Date(now.getTime() + DAY_MS - 1000);
    // Without the password (a browser not signed in to it), the link alone confirms nothing.
    const bare = await postJson(h.app, '/api/auth/verify-email', { token });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().errors).toEqual([{ field: 'password', message: expect.stringMatching(/password/) }]);
    expect((await verify(token, 'wrong pass 1')).statusCode).toBe(401);
    expect(await typesOf(userId)).toEqual(['UserRegistered', 'EmailVerificationRequested']);
    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: userId, email: 'intime@example.com', emailVerified: true });
    expect(String(response.headers['set-cookie'])).toMatch(/^acres\.sid=/);
    expect(await typesOf(userId)).toEqual(['UserRegistered', 'EmailVerificationRequested', 'UserEmailVerified']);
    const [, , verified] = await h.eventStore.readStream(`user-${userId}`);
    expect(verified!.data).toMatchObject({ email: 'intime@example.com', method: 'link', verifiedAt: now.toISOString() });
    expect((await verify(token)).statusCode).toBe(410);
  });

  it('answers 400 naming token for a missing one, and 401 to a resend without a session', async () => {
    const missing = await postJson(h.app, '/api/auth/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'token', message: 'The confirmation link is missing its token' }]);
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode).toBe(401);
  });
});
