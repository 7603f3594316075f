// Issue 24 item 4: `npm start` on a log whose streams are named by a bare SHA-256 of an address
// (consent-<channel>-<32 hex>, user-email-<64 hex>, application-<64 hex>) renames them to the
// keyed digest once, before anything appends; an erased subject's stream gets a random name.
// The log verifies after it, the renamed streams work (a reset finds the account by its email
// claim, a second application for the email is refused, an old unsubscribe link appends to the
// contact's consent stream), and a second run changes nothing.

import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createPostgresEventStore } from '@acres/eventstore';
import { verifyEventLog } from '@acres/eventstore/chain';
import { subjectIdOf } from '@acres/eventstore/protect';
import { createTestVault, TEST_DATA_MASTER_KEY, testAddressDigest } from '@acres/eventstore/test';
import { SAMPLE_EVENT_DATA, validApplication } from '@acres/fixtures';
import { createPool, type Pool } from '@acres/platform/db';
import { signToken } from '@acres/platform/signing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { send } from '../../../tests/browser/fixtures/api.ts';
import { startStandaloneWithPool, stopStandaloneWithPool, type StandaloneTestServer } from '../test/test-server.ts';

const LINK_SECRET = 'keyed-stream-names-link-secret-0123456789';
const OPTED_OUT = 'ada.oldname@example.ng';
const ACCOUNT = 'bola.oldname@example.ng';
const APPLICANT = 'chidi.oldname@example.ng';
const ERASED_PHONE = '+2348035557701';
const userId = randomUUID();

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const OLD_NAMES = {
  consent: `consent-email-${sha256(OPTED_OUT).slice(0, 32)}`,
  claim: `user-email-${sha256(ACCOUNT)}`,
  application: `application-${sha256(APPLICANT)}`,
  erased: `consent-sms-${sha256(ERASED_PHONE).slice(0, 32)}`,
};
const BARE_DIGESTS = [OPTED_OUT, ACCOUNT, APPLICANT, ERASED_PHONE].flatMap((address) => [
  sha256(address),
  sha256(address).slice(0, 32),
]);

let server: StandaloneTestServer;
let pool: Pool;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm run audit -- <command>` as a real process, with the master key the test vault uses. */
const audit = async (command: string) => {
  const { stdout } = await promisify(execFile)(
    `${ROOT}node_modules/.bin/tsx`,
    [`${ROOT}services/projector/src/audit-cli.ts`, command],
    { env: { ...process.env, DATABASE_URL: server.databaseUrl, DATA_MASTER_KEY: TEST_DATA_MASTER_KEY }, cwd: ROOT },
  );
  return stdout;
};

/** What main wrote: the old names, through the store without the protecting wrapper (the sealing runs first). */
const appendOldLog = async (databaseUrl: string) => {
  const oldPool = createPool({ connectionString: databaseUrl, max: 2 });
  const store = createPostgresEventStore({ pool: oldPool, connectionString: databaseUrl, pollIntervalMs: 30_000 });
  const at = new Date().toISOString();
  const metadata = {
    correlationId: randomUUID(),
    actor: { kind: 'visitor' as const, id: null },
    schemaVersion: 1,
    occurredAt: at,
  };
  const append = (stream: string, type: string, data: unknown) =>
    store.appendToStream(stream, [{ id: randomUUID(), type, data, metadata }], { expectedRevision: 'no_stream' });
  const optOut = { ...SAMPLE_EVENT_DATA.ContactOptedOut, channel: 'email', source: 'email-link', providerMessageId: null, at };
  await append(OLD_NAMES.consent, 'ContactOptedOut', { ...optOut, address: OPTED_OUT });
  await append(OLD_NAMES.claim, 'UserEmailClaimed', { userId, email: ACCOUNT, claimedAt: at });
  await append(`user-${userId}`, 'UserRegistered', {
    ...SAMPLE_EVENT_DATA.UserRegistered,
    userId,
    email: ACCOUNT,
    registeredAt: at,
  });
  const application = {
    ...SAMPLE_EVENT_DATA.ApplicationSubmitted,
    applicationId: randomUUID(),
    email: APPLICANT,
    submittedAt: at,
  };
  await append(OLD_NAMES.application, 'ApplicationSubmitted', application);
  await append(OLD_NAMES.erased, 'ContactOptedOut', { ...SAMPLE_EVENT_DATA.ContactOptedOut, address: ERASED_PHONE, at });
  // Erased before the upgrade: its address can no longer be read, so no keyed name can be computed.
  await createTestVault(oldPool).destroy([subjectIdOf({ kind: 'contact', channel: 'sms', address: ERASED_PHONE })], {
    at: new Date(),
  });
  await store.close();
  await oldPool.end();
};

const streamIds = async () =>
  (await pool.query<{ stream_id: string }>('SELECT stream_id FROM event_streams ORDER BY stream_id')).rows.map(
    (row) => row.stream_id,
  );

beforeAll(async () => {
  ({ server, pool } = await startStandaloneWithPool({
    adminUrl: inject('pgAdminUrl'),
    env: { DATA_MASTER_KEY: TEST_DATA_MASTER_KEY, LINK_SIGNING_SECRET: LINK_SECRET },
    beforeStart: appendOldLog,
    maxConnections: 2,
  }));
});
afterAll(async () => {
  await stopStandaloneWithPool(server, pool);
});

describe('npm start on a log whose streams are named by a bare digest of an address', () => {
  it('renames them to the keyed digest (an erased one to a random name), records the rewrite, and the log verifies', async () => {
    const ids = await streamIds();
    expect(ids.filter((id) => BARE_DIGESTS.some((digest) => id.includes(digest)))).toEqual([]);
    expect(ids).toEqual(
      expect.arrayContaining([
        `consent-email-${testAddressDigest('email', OPTED_OUT)}`,
        `user-email-${testAddressDigest('email', ACCOUNT)}`,
        `application-${testAddressDigest('email', APPLICANT)}`,
      ]),
    );
    expect(ids.filter((id) => /^consent-sms-[0-9a-f]{40}$/.test(id))).toHaveLength(1);
    expect(ids).not.toContain(`consent-sms-${testAddressDigest('sms', ERASED_PHONE)}`);

    const { rows } = await pool.query(
      `SELECT kind, streams_rehashed::int AS streams, finished_at IS NOT NULL AS finished FROM log_rewrites ORDER BY id`,
    );
    expect(rows).toEqual([
      { kind: 'seal-personal-fields', streams: 5, finished: true },
      { kind: 'key-stream-names', streams: 4, finished: true },
    ]);
    const verified = await verifyEventLog({ db: pool });
    expect([verified.ok, verified.firstBroken]).toEqual([true, null]);
  });

  it('serves the renamed streams: the account is found by its email, the email has its application, an old unsubscribe link appends', async () => {
    const reset = await send(server.url, '/api/auth/password-reset', { method: 'POST', json: { email: ACCOUNT } });
    expect(reset.status).toBe(202);
    await expect
      .poll(
        async () =>
          (await pool.query("SELECT 1 FROM notifications WHERE kind = 'password-reset' AND recipient = $1", [ACCOUNT])).rowCount,
      )
      .toBe(1);

    const again = await send(server.url, '/api/subscriptions', { method: 'POST', json: validApplication({ email: APPLICANT }) });
    expect(again.status, await again.clone().text()).toBe(409);

    // A link of version 1 (the address inside), still in the inbox from before the upgrade.
    const body = Buffer.from(JSON.stringify({ channel: 'email', address: OPTED_OUT }));
    const token = signToken({ secret: LINK_SECRET, context: 'unsubscribe', body });
    const unsubscribe = await send(server.url, `/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      json: {},
    });
    expect(unsubscribe.status, await unsubscribe.clone().text()).toBe(200);
    const rows = await createPostgresEventStore({ pool }).readStream(`consent-email-${testAddressDigest('email', OPTED_OUT)}`);
    expect(rows.map((row) => row.type)).toEqual(['ContactOptedOut', 'ContactOptedOut']);
    expect((await verifyEventLog({ db: pool })).ok).toBe(true);
  });

  it('changes nothing when run again (npm run audit -- key-streams), and npm run audit -- verify passes', async () => {
    const before = await streamIds();
    expect(await audit('key-streams')).toContain(
      'No stream was named by an unkeyed digest: the log and its digests are unchanged.',
    );
    expect(await streamIds()).toEqual(before);
    expect(await audit('verify')).toContain('OK: every link holds.');
  });
});
