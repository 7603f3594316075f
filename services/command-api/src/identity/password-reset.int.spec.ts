import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { PASSWORD_RESET_LINK_INVALID_MESSAGE, PASSWORD_RESET_REQUESTED_MESSAGE } from '@acres/contracts';
import { validSignUp } from '@acres/fixtures';
import { readWholeLog, storedLog } from '@acres/eventstore/test';
import { mintPasswordResetToken } from '@acres/platform/signing';
import {
  postJson,
  sessionCookieFrom,
  signInFrom,
  startIdentityHarness,
  startReplica,
  type IdentityHarness,
} from '../../test/identity-harness.ts';

// Stands in for the notifier: the same secret mints the link from PasswordResetRequested.
const LINK_SECRET = 'password-reset-spec-link-secret-0123456789';
const HOME = '203.0.113.20';
const OWNER = { email: 'ada.reset@example.com', password: 'old password 1' };
const NEW_PASSWORD = 'brand new pass 2';

describe('password reset for the built-in sign-in', () => {
  let h: IdentityHarness;
  let clock = new Date('2026-03-14T09:00:00.000Z');
  beforeAll(async () => {
    h = await startIdentityHarness({
      adminUrl: inject('pgAdminUrl'),
      identity: { linkSigningSecret: LINK_SECRET, now: () => clock, limits: { passwordReset: { freeFailures: 3 } } },
    });
    await postJson(h.app, '/api/auth/signup', validSignUp(OWNER));
  });
  beforeEach(async () => {
    await h.db.pool.query('DELETE FROM throttle');
  });
  afterAll(async () => h?.close());

  const countEvents = () => storedLog(h.db.pool).countEvents();
  const resetRequests = () => readWholeLog(storedLog(h.db.pool), { types: ['PasswordResetRequested'] });
  const requestReset = (email: string, remoteAddress = HOME) =>
    h.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email }),
    });
  /** The link of the latest reset asked for, as the notifier would mint it. */
  const latestToken = async () => {
    const latest = (await resetRequests()).at(-1)!;
    return mintPasswordResetToken({ secret: LINK_SECRET, ...(latest.data as { resetId: string; userId: string }) });
  };
  const confirm = (token: string, password = NEW_PASSWORD, headers: Record<string, string> = {}) =>
    postJson(h.app, '/api/auth/password-reset/confirm', { token, password }, headers);
  const signIn = (password: string) => signInFrom(h.app, { email: OWNER.email, password }, '198.51.100.1');
  const whoIs = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

  it('answers an unknown email exactly like a known one, and appends nothing for it', async () => {
    const before = await countEvents();
    const unknown = await requestReset('nobody.here@example.com');
    expect(await countEvents()).toBe(before);

    const known = await requestReset(OWNER.email.toUpperCase());
    expect(await countEvents()).toBe(before + 1);
    for (const answer of [unknown, known]) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    const rows = await resetRequests();
    expect(rows).toHaveLength(1);
    const data = rows[0]!.data as Record<string, string>;
    expect(Object.keys(data).sort()).toEqual(['expiresAt', 'requestedAt', 'resetId', 'userId']);
    expect(new Date(data.expiresAt!).getTime() - new Date(data.requestedAt!).getTime()).toBe(60 * 60_000);
    expect(rows[0]!.streamId).toBe(`user-${data.userId}`);
  });

  it('throttles requests per email and address like sign-in, known email or not', async () => {
    for (const email of [OWNER.email, 'ghost@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await requestReset(email, '198.51.100.50')).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
    const refused = await requestReset(OWNER.email, '198.51.100.50');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(refused.json().detail).toMatch(/^Too many password reset attempts\. Try again in \d+ seconds\.$/);
    // Another address is not held up by the attacker's requests.
    expect((await requestReset(OWNER.email, '198.51.100.51')).statusCode).toBe(202);
  });

  it('sets the new password and ends every session of the account; the link then works no more', async () => {
    const otherDevice = sessionCookieFrom((await signIn(OWNER.password)).headers['set-cookie'])!;
    const thisDevice = sessionCookieFrom((await signIn(OWNER.password)).headers['set-cookie'])!;
    expect((await whoIs(otherDevice)).statusCode).toBe(200);

    await requestReset(OWNER.email);
    const token = await latestToken();
    const done = await confirm(token, NEW_PASSWORD, { cookie: thisDevice, origin: 'http://localhost:80' });
    expect(done.statusCode).toBe(204);
    expect(String(done.headers['set-cookie'])).toContain('acres.sid=;');

    expect((await whoIs(otherDevice)).statusCode).toBe(401);
    expect((await whoIs(thisDevice)).statusCode).toBe(401);
    expect((await signIn(OWNER.password)).statusCode).toBe(401);
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);

    const reused = await confirm(token, 'yet another pass 3');
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({
      detail: PASSWORD_RESET_LINK_INVALID_MESSAGE,
      errors: [{ field: 'token', message: PASSWORD_RESET_LINK_INVALID_MESSAGE }],
    });
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
    OWNER.password = NEW_PASSWORD;
  });

  it('refuses an expired link, and an older link once a later one was used', async () => {
    await requestReset(OWNER.email);
    const expiring = await latestToken();
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await confirm(expiring)).json().detail).toBe(PASSWORD_RESET_LINK_INVALID_MESSAGE);

    await requestReset(OWNER.email);
    const older = await latestToken();
    await requestReset(OWNER.email);
    const later = await latestToken();
    expect((await confirm(later, 'later pass 4')).statusCode).toBe(204);
    const superseded = await confirm(older, 'older pass 5');
    expect([superseded.statusCode, superseded.json().detail]).toEqual([410, PASSWORD_RESET_LINK_INVALID_MESSAGE]);
    expect((await signIn('later pass 4')).statusCode).toBe(200);
    OWNER.password = 'later pass 4';
  });

  it('refuses a forged token (410) and a weak password (400) clearly, appending nothing', async () => {
    await requestReset(OWNER.email);
    const token = await latestToken();
    const before = await countEvents();
    const forged = await confirm(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    expect([forged.statusCode, forged.json().detail]).toEqual([410, PASSWORD_RESET_LINK_INVALID_MESSAGE]);
    const weak = await confirm(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([{ field: 'password', message: 'Password must be at least 8 characters' }]);
    const missing = await postJson(h.app, '/api/auth/password-reset/confirm', { password: NEW_PASSWORD });
    expect(missing.json().errors).toEqual([{ field: 'token', message: 'The reset link is missing its token' }]);
    expect(await countEvents()).toBe(before);
    // The link is still good after those refusals.
    expect((await confirm(token, 'final pass 6')).statusCode).toBe(204);
  });

  it('is not offered when an OpenID provider signs people in (404)', async () => {
    const withOidc = await startReplica(h, {
      linkSigningSecret: LINK_SECRET,
      oidc: { issuerUrl: 'http://127.0.0.1:9/issuer', clientId: 'acres', clientSecret: 'secret-of-the-client' },
    });
    try {
      for (const [url, body] of [
        ['/api/auth/password-reset', { email: OWNER.email }],
        ['/api/auth/password-reset/confirm', { token: await latestToken(), password: NEW_PASSWORD }],
      ] as const) {
        expect((await postJson(withOidc, url, body)).statusCode).toBe(404);
      }
    } finally {
      await withOidc.close();
    }
  });
});
