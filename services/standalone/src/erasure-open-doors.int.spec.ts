// Security issue, finding 5 and item 5: an erasure ends every open door. A reset link Bob asked
// for before his erasure, and the link confirming his email, must answer 410 afterwards and record nothing (no "Reset the password"
// entry after the erasure in the Audit log), and a new request for his old email sends nothing.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD_RESET_LINK_INVALID_MESSAGE } from '@acres/contracts';
import { INVESTOR_PASSWORD, send, signUp, type Investor } from '../../../tests/browser/fixtures/api.ts';
import { readOutboxLinkTokens } from '../test/outbox.ts';
import { adminFetch, waitFor } from '../test/spec-helpers.ts';
import { startStandaloneForTest, type StandaloneTestServer } from '../test/test-server.ts';

const admin = (path: string, init: { method?: string; json?: unknown } = {}) => adminFetch(server.url, path, init);

type Entry = { kind: string; subjectId: string; summary: string; at: string };

let server: StandaloneTestServer;
let bob: Investor;
let bobId = '';
let resetToken = '';
let verificationToken = '';

const resetTokens = () => readOutboxLinkTokens({ dataDir: server.dataDir, address: bob.email, linkPath: 'reset-password' });

const auditEntries = async () =>
  ((await (await admin('/api/admin/audit-log?limit=200')).json()) as { entries?: Entry[] }).entries ?? [];

const confirmReset = (token: string) =>
  send(server.url, '/api/auth/password-reset/confirm', { method: 'POST', json: { token, password: 'taken over 2026' } });

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl') });
  bob = await signUp(server.url, 'Bob', 'Erasedbello');
  const me = await send(server.url, '/api/auth/user', { method: 'GET', cookie: bob.cookie });
  bobId = ((await me.json()) as { id: string }).id;
  const asked = await send(server.url, '/api/auth/password-reset', { method: 'POST', json: { email: bob.email } });
  expect(asked.status).toBe(202);
  resetToken = (await waitFor(resetTokens, (tokens) => tokens.length > 0, 'the reset email'))[0]!;
  // Bob never confirmed his email: the link the sign-up sent him is still open.
  verificationToken = (
    await waitFor(
      () => readOutboxLinkTokens({ dataDir: server.dataDir, address: bob.email, linkPath: 'verify-email' }),
      (tokens) => tokens.length > 0,
      'the confirmation email',
    )
  )[0]!;
  // The account must be in the read models before the admin can erase it.
  await waitFor(
    async () => (await admin(`/api/admin/erasures/preview?kind=user&id=${bobId}`)).status,
    (status) => status === 200,
    'the account projected',
  );
  const erased = await admin('/api/admin/erasures', {
    method: 'POST',
    json: { kind: 'user', id: bobId, reason: 'The data subject asked to be erased' },
  });
  expect(erased.status, await erased.clone().text()).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('a confirmation link issued before the erasure', () => {
  it('answers 410 naming the token, even with the old password, and signs nobody in', async () => {
    const response = await send(server.url, '/api/auth/verify-email', {
      method: 'POST',
      json: { token: verificationToken, password: INVESTOR_PASSWORD },
    });
    expect(response.status, await response.clone().text()).toBe(410);
    const problem = (await response.json()) as { errors?: { field: string }[] };
    expect(problem.errors?.map((error) => error.field)).toEqual(['token']);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('a reset link issued before the erasure', () => {
  it('answers 410 naming the token, as for any spent link', async () => {
    const response = await confirmReset(resetToken);
    expect(response.status, await response.clone().text()).toBe(410);
    const problem = (await response.json()) as { errors?: { field: string; message: string }[] };
    expect(problem.errors).toEqual([{ field: 'token', message: PASSWORD_RESET_LINK_INVALID_MESSAGE }]);
  });

  it('records nothing: the Audit log has the erasure and no password reset of the account', async () => {
    await confirmReset(resetToken);
    const entries = await waitFor(
      auditEntries,
      (found) => found.some((entry) => entry.summary.toLowerCase().includes('erase')),
      'the erasure in the Audit log',
    );
    // By kind and subject: summaries name people, not ids, and an erased one not at all.
    expect(entries.filter((entry) => entry.subjectId === bobId).map((entry) => entry.kind)).not.toContain(
      'account.password-reset',
    );
  });

  it('is not replaced: asking again for the erased email answers as ever and sends no new link', async () => {
    const before = (await resetTokens()).length;
    const asked = await send(server.url, '/api/auth/password-reset', { method: 'POST', json: { email: bob.email } });
    expect(asked.status).toBe(202);
    // A marker after it: the notifier follows the log in order, so once Carol's link is out,
    // a link for Bob's request would be too.
    const carol = await signUp(server.url, 'Carol', 'Aftermarker');
    await send(server.url, '/api/auth/password-reset', { method: 'POST', json: { email: carol.email } });
    await waitFor(
      () => readOutboxLinkTokens({ dataDir: server.dataDir, address: carol.email, linkPath: 'reset-password' }),
      (tokens) => tokens.length > 0,
      'the marker reset email',
    );
    expect((await resetTokens()).length).toBe(before);
  });
});
