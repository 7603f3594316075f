import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { identityPlugin } from '@acres/command-api';
import { validSignUp } from '@acres/fixtures';
import { createHttpApp } from '@acres/platform/http';
import { queryApiPlugin } from '@acres/query-api';
import { silentLogger, TEST_LINK_SIGNING_SECRET, useNotifierHarness } from '../test/harness.ts';
import { parseMail, startSmtpServer } from '../test/loopback.ts';
import { createTestVault, storedLog, testAddressDigest } from '@acres/eventstore/test';

const ADMIN = { username: 'admin', password: 'admin-password-1' };
const OWNER = { email: 'ada.reset@example.com', password: 'old password 1' };
const NEW_PASSWORD = 'brand new pass 2';
const LINK = /https:\/\/acres\.example\/reset-password\?token=([A-Za-z0-9._~%-]+)/;

/**
 * The whole reset loop over one database: the API appends PasswordResetRequested, the
 * notifier mails the link (a real SMTP server on loopback), and the API takes its token.
 */
describe('the password reset email', () => {
  const h = useNotifierHarness();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    await h.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Acres <hello@acres.example>', PUBLIC_URL: 'https://acres.example' });
    app = createHttpApp({ logger: silentLogger });
    await app.register(identityPlugin, {
      eventStore: h.eventStore,
      addressDigest: testAddressDigest,
      pool: h.db.pool,
      linkSigningSecret: TEST_LINK_SIGNING_SECRET,
    });
    await app.register(queryApiPlugin, { pool: h.db.pool, vault: createTestVault(h.db.pool), adminCredentials: ADMIN });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const post = (url: string, body: unknown) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('carries a link whose token the API accepts once, and the admin Outbox shows it without the token', async () => {
    expect((await post('/api/auth/signup', validSignUp({ ...OWNER, firstName: 'Ada' }))).statusCode).toBe(202);
    expect((await post('/api/auth/password-reset', { email: OWNER.email })).statusCode).toBe(202);

    await expect.poll(() => smtp.received.filter((mail) => mail.raw.includes('X-Acres-Kind: password-reset')).length).toBe(1);
    const mail = smtp.received.find((received) => received.raw.includes('X-Acres-Kind: password-reset'))!;
    expect(mail.to).toEqual([OWNER.email]);
    const parsed = await parseMail(mail.raw);
    expect(parsed.subject).toBe('Reset your password');
    expect(parsed.text).toContain('Hi Ada,');
    expect(parsed.text).toContain('The link expires in one hour');
    expect(parsed.text).toContain('If you did not ask for this, you can ignore this email');
    const link = LINK.exec(parsed.text ?? '');
    expect(link).not.toBeNull();
    expect(String(parsed.html)).toContain(`href="${link![0]}"`);
    const token = decodeURIComponent(link![1]!);

    const outbox = await app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}` },
    });
    const shown = outbox.json().messages.find((message: { kind: string }) => message.kind === 'password-reset');
    expect(shown).toMatchObject({ recipient: OWNER.email, subject: 'Reset your password' });
    expect(shown.text).toContain('/reset-password?token=hidden');
    expect(`${shown.text}${shown.html}`).not.toContain(link![1]);

    expect((await post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await post('/api/auth/signin', { email: OWNER.email, password: OWNER.password })).statusCode).toBe(401);
    expect((await post('/api/auth/signin', { email: OWNER.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/auth/password-reset/confirm', { token, password: 'another pass 3' })).statusCode).toBe(410);
  });

  it('is not sent for an email without an account', async () => {
    const before = smtp.received.length;
    expect((await post('/api/auth/password-reset', { email: 'nobody@example.com' })).statusCode).toBe(202);
    expect(await storedLog(h.db.pool).countEvents({ filter: { types: ['PasswordResetRequested'] } })).toBe(1);
    expect(smtp.received.length).toBe(before);
  });
});
