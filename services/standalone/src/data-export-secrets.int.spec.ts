// Security issue, finding 1 and items 3 and 6, through the whole product in this process with
// the local outbox: a stranger's lead with Bob's email, a reset asked for Bob, then the admin's
// download of "their" data. The ZIP must hold no live token (only the Outbox's `token=hidden`),
// nothing in it may reset Bob's password, the download is in the Audit log under the admin's
// name, and the request log lines carry no address or token from a query string.

import { validLead } from '@acres/fixtures';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { send, signUp, type Investor } from '../../../tests/browser/fixtures/api.ts';
import { ANY_TOKEN, readOutboxLinkTokens } from '../test/outbox.ts';
import { captureLogLines, waitFor } from '../test/spec-helpers.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const adminAuthorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;
const BOB_PASSWORD = 'acres land 2025'; // signUp's
const STOLEN_PASSWORD = 'stranger owns this 1';

let server: StandaloneTestServer;
let bob: Investor;
let leadId = '';
let liveToken = '';
const { lines: logLines, sink: logSink } = captureLogLines();

const admin = (url: string) => fetch(new URL(url, server.url), { headers: { authorization: adminAuthorization } });

/** Bob's copy of the reset email, as the local outbox wrote it: the one place the live token belongs. */
const readOutboxResetTokens = () =>
  readOutboxLinkTokens({ dataDir: server.dataDir, address: bob.email, linkPath: 'reset-password' });

const unzipText = async (response: Response) => {
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const data = JSON.parse(strFromU8(entries['data.json']!)) as { messages: Record<string, unknown>[] };
  return {
    data,
    text: Object.values(entries)
      .map((bytes) => Buffer.from(bytes).toString('utf8'))
      .join('\n'),
  };
};

const tokensIn = (text: string) => [...new Set([...text.matchAll(ANY_TOKEN)].map((match) => decodeURIComponent(match[1]!)))];

const confirmReset = (token: string) =>
  send(server.url, '/api/auth/password-reset/confirm', { method: 'POST', json: { token, password: STOLEN_PASSWORD } });

const signIn = (password: string) =>
  send(server.url, '/api/auth/signin', { method: 'POST', json: { email: bob.email, password } });

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl'), logSink });
  // Bob owns his address (confirmed by the admin): his own download holds the messages sent to it.
  bob = await signUp(server.url, 'Bob', 'Bello', { verifiedBy: adminAuthorization });
  // The stranger: a lead with Bob's email, then a reset for Bob.
  const lead = await send(server.url, '/api/leads', {
    method: 'POST',
    json: validLead({ fullName: 'Not Bob', email: bob.email }),
  });
  expect(lead.status, await lead.clone().text()).toBe(201);
  leadId = ((await lead.json()) as { id: string }).id;
  const reset = await send(server.url, '/api/auth/password-reset', { method: 'POST', json: { email: bob.email } });
  expect(reset.status, await reset.clone().text()).toBe(202);
  const tokens = await waitFor(readOutboxResetTokens, (found) => found.length > 0, 'the reset email in the outbox');
  liveToken = tokens[0]!;
  // The lead is listed once projected; the reset email is a row of the notifier's by now.
  await waitFor(
    async () => (await admin(`/api/admin/data-export?kind=lead&id=${leadId}`)).status,
    (status) => status === 200,
    'the lead projected',
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the admin’s download of a lead that carries someone else’s email', () => {
  it('holds Bob’s reset email redacted as the Outbox shows it, with no live token', async () => {
    const { data, text } = await unzipText(await admin(`/api/admin/data-export?kind=lead&id=${leadId}`));
    const resets = data.messages.filter((message) => message.kind === 'password-reset');
    expect(resets.length).toBeGreaterThan(0);
    for (const message of resets) expect(String(message.body_text)).toContain('reset-password?token=hidden');
    expect(text).not.toContain(liveToken);
    expect(text).not.toContain(encodeURIComponent(liveToken));
    expect(tokensIn(text).filter((token) => token !== 'hidden')).toEqual([]);
  });

  it('gives nothing that resets Bob’s password: every token-like value in it is refused', async () => {
    const { text } = await unzipText(await admin(`/api/admin/data-export?kind=lead&id=${leadId}`));
    // Every value after token=, and every long opaque word (a token pasted without its link).
    const candidates = new Set([...tokensIn(text), ...(text.match(/[A-Za-z0-9._~-]{40,}/g) ?? [])]);
    for (const candidate of candidates) expect((await confirmReset(candidate)).status, candidate).not.toBe(204);
    expect((await signIn(STOLEN_PASSWORD)).status).toBe(401);
    expect((await signIn(BOB_PASSWORD)).status).toBe(200);
  });

  it('redacts the person’s own download the same way', async () => {
    const { text } = await unzipText(await send(server.url, '/api/me/data-export', { method: 'GET', cookie: bob.cookie }));
    expect(text).toContain('reset-password?token=hidden');
    expect(text).not.toContain(liveToken);
    expect(tokensIn(text).filter((token) => token !== 'hidden')).toEqual([]);
  });

  it('is in the Audit log, naming the admin and the lead', async () => {
    expect((await admin(`/api/admin/data-export?kind=lead&id=${leadId}`)).status).toBe(200);
    type Entry = { kind: string; actorKind: string; actorId: string; subjectId: string; summary: string };
    const entries = await waitFor(
      async () =>
        ((await (await admin('/api/admin/audit-log?subjectType=person')).json()) as { entries?: Entry[] }).entries ?? [],
      (found) => found.some((entry) => entry.subjectId === `lead:${leadId}`),
      'the download in the Audit log',
    );
    const downloads = entries.filter((entry) => entry.subjectId === `lead:${leadId}`);
    expect(downloads[0]).toMatchObject({
      kind: 'privacy.exported',
      actorKind: 'admin',
      actorId: TEST_ADMIN.username,
      // The lead by its name, read from the read model when the log is read (never stored in it).
      summary: 'Downloaded the personal data of lead Not Bob',
    });
  });

  it('still answers the person’s reset link, which was never in an export', async () => {
    // The real token (Bob's own email) still works: the redaction hid it, it did not spend it.
    expect((await confirmReset(liveToken)).status).toBe(204);
    expect((await signIn(STOLEN_PASSWORD)).status).toBe(200);
  });
});

describe('the admin’s download of a lead whose email no account has verified', () => {
  it('holds the lead and the messages its own events caused, and nothing sent to that address for anyone else', async () => {
    // Dana signed up but never confirmed her email: a stranger's lead typed with it is not hers.
    const dana = await signUp(server.url, 'Dana', 'Unconfirmed');
    const asked = await send(server.url, '/api/auth/password-reset', { method: 'POST', json: { email: dana.email } });
    expect(asked.status).toBe(202);
    const lead = await send(server.url, '/api/leads', {
      method: 'POST',
      json: validLead({ fullName: 'Not Dana', email: dana.email }),
    });
    expect(lead.status, await lead.clone().text()).toBe(201);
    const strangerLeadId = ((await lead.json()) as { id: string }).id;
    const exportOf = () => admin(`/api/admin/data-export?kind=lead&id=${strangerLeadId}`);
    // Once the lead's own confirmation is out, the export can be read whole.
    const { data, text } = await waitFor(
      async () => ((await exportOf()).status === 200 ? unzipText(await exportOf()) : null),
      (found) => (found?.data.messages ?? []).some((message) => message.kind === 'lead-confirmation'),
      'the lead and its confirmation',
    ).then((found) => found!);
    const kinds = data.messages.map((message) => String(message.kind));
    expect(kinds).toContain('lead-confirmation');
    // Dana's own mail (her confirmation link, her reset) went to the same address: none of it is here.
    expect(kinds).not.toContain('password-reset');
    expect(kinds).not.toContain('email-verification');
    expect(text).not.toContain('Unconfirmed');
  });
});

describe('the request log', () => {
  it('names the query’s parameters but not their values: no email, application number or token', async () => {
    const victim = 'victim@example.com';
    const unsubscribeToken = 'c2VjcmV0LXVuc3Vic2NyaWJlLXRva2Vu.abcdefghijklmnop';
    await fetch(
      new URL(`/api/subscriptions/status?applicationNumber=ACR-2025-7731&email=${encodeURIComponent(victim)}`, server.url),
    );
    await fetch(new URL(`/api/unsubscribe?token=${unsubscribeToken}`, server.url));
    const lines = await waitFor(
      async () => logLines.filter((line) => line.includes('/api/unsubscribe')),
      (found) => found.length > 0,
      'the unsubscribe request logged',
    );
    const all = logLines.join('\n');
    for (const secret of [victim, encodeURIComponent(victim), 'ACR-2025-7731', unsubscribeToken, liveToken, bob.email]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toMatch(/\/api\/subscriptions\/status\?applicationNumber=[^&"]*&email=/);
    expect(lines.join('\n')).toContain('/api/unsubscribe?token=');
  });
});
