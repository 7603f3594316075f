// The whole product for the messaging specs (issue 24): the Termii webhook on, the test master
// key (so a spec computes the keyed digests with testAddressDigest), the log lines captured, and
// the steps those specs share: a lead, its messages, an erasure, a signed STOP.

import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { expect } from 'vitest';
import { validLead } from '@acres/fixtures';
import { createPostgresEventStore } from '@acres/eventstore';
import { subjectIdOf } from '@acres/eventstore/protect';
import { TEST_DATA_MASTER_KEY } from '@acres/eventstore/test';
import { send } from '../../../tests/browser/fixtures/api.ts';
import { startStandaloneForTest, TEST_ADMIN } from './test-server.ts';

export type Person = { email: string; phone: string; e164: string };

type Message = { id: string; event_position: string; kind: string; status: string; unsubscribe_url: string | null };

const TERMII_SECRET = 'termii-messaging-spec-secret';
const authorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;

export const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    const value = await read();
    if (done(value)) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
};

export const startMessagingHarness = async (options: { adminUrl: string }) => {
  const logLines: string[] = [];
  const logSink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const server = await startStandaloneForTest({
    adminUrl: options.adminUrl,
    env: { TERMII_WEBHOOK_SECRET: TERMII_SECRET, DATA_MASTER_KEY: TEST_DATA_MASTER_KEY },
    logSink,
  });
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });

  const admin = (path: string, json?: unknown) =>
    fetch(new URL(path, server.url), {
      method: json === undefined ? 'GET' : 'POST',
      headers: { authorization, origin: server.url, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });

  const messagesTo = async (channel: string, recipient: string) =>
    (
      await pool.query<Message>(
        `SELECT id, event_position::text AS event_position, kind, status, unsubscribe_url FROM notifications
          WHERE channel = $1 AND recipient = $2 ORDER BY event_position`,
        [channel, recipient],
      )
    ).rows;

  return {
    server,
    pool,
    logLines,
    admin,
    messagesTo,
    submitLead: async (person: Person) => {
      const response = await send(server.url, '/api/leads', {
        method: 'POST',
        json: validLead({ email: person.email, phone: person.phone, phoneE164: person.e164.slice(1) }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const { id } = (await response.json()) as { id: string };
      // The admin erases from the leads list: a lead is there once its projection ran.
      await waitFor(
        async () => (await pool.query('SELECT 1 FROM leads WHERE id = $1', [id])).rowCount,
        (rows) => rows === 1,
        'the lead in the admin list',
      );
      return id;
    },
    leadConfirmations: (channel: string, recipient: string, count: number) =>
      waitFor(
        async () => (await messagesTo(channel, recipient)).filter((message) => message.kind === 'lead-confirmation'),
        (messages) => messages.length === count,
        `${count} lead confirmation(s) by ${channel}`,
      ),
    eventsOn: async (streamId: string) =>
      (await createPostgresEventStore({ pool }).readStream(streamId)).map((event) => ({
        type: event.type,
        data: event.data as Record<string, unknown>,
      })),
    /** Erases a lead, and waits for the notifier to have followed the erasure. */
    erase: async (leadId: string) => {
      const response = await admin('/api/admin/erasures', {
        kind: 'lead',
        id: leadId,
        reason: 'The data subject asked to be erased',
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const erased = (await response.json()) as { position: string };
      await waitFor(
        async () =>
          (await pool.query<{ p: string }>("SELECT position::text AS p FROM notifier_checkpoint WHERE name = 'notifier'")).rows[0]
            ?.p ?? '0',
        (position) => BigInt(position) >= BigInt(erased.position),
        'the notifier to follow the erasure',
      );
    },
    /** A STOP reply through Termii's webhook, signed as Termii signs it. */
    stopFrom: (e164: string, id: string) => {
      const body = JSON.stringify({ id, sender: e164.slice(1), message: 'STOP' });
      return fetch(`${server.url}/api/webhooks/termii`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-termii-signature': createHmac('sha512', TERMII_SECRET).update(body).digest('hex'),
        },
        body,
      });
    },
    /** Whether the contact's key is still there (false: shredded). */
    contactKeyLive: async (channel: 'email' | 'sms', address: string) =>
      (
        await pool.query<{ live: boolean }>('SELECT wrapped_key IS NOT NULL AS live FROM subject_keys WHERE subject_id = $1', [
          subjectIdOf({ kind: 'contact', channel, address }),
        ])
      ).rows[0]?.live,
    close: async () => {
      await pool.end();
      await server.close();
    },
  };
};

export type MessagingHarness = Awaited<ReturnType<typeof startMessagingHarness>>;
