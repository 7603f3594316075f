import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';
import { outboxDirOf } from './channels/channels.ts';
import { toNotificationId } from './messages/intent.ts';
import { deliverOnce, readNotifications, readSentLog, useNotifierHarness } from '../test/harness.ts';

const lead = (n: number) => ({
  ...SAMPLE_EVENT_DATA.SlotReserved,
  leadId: randomUUID(),
  fullName: `Chidi Lead${n}`,
  email: `lead${n}@example.ng`,
  phoneE164: `+234803${String(1_000_000 + n).slice(-7)}`,
  intendedAcres: 20 + (n % 5),
});

describe('the notifier without configured channels', () => {
  const h = useNotifierHarness();

  it("writes a lead's confirmation by SMS, WhatsApp and email, and the admin's alert, to the local outbox, once each", async () => {
    const notifier = await h.start();
    const data = lead(1);
    const position = await h.append(`lead-${data.leadId}`, 'SlotReserved', data);
    await expect.poll(async () => (await readNotifications(h)).filter((row) => row.status === 'sent').length).toBe(4);
    // A row says sent once the provider accepted; its NotificationSent is appended right after.
    await expect.poll(async () => (await readSentLog(h)).length).toBe(4);
    const rows = await readNotifications(h);
    expect(
      rows.map(({ id, kind, channel, recipient, attempts, transport }) => ({
        id,
        kind,
        channel,
        recipient,
        attempts,
        transport,
      })),
    ).toEqual(
      (
        [
          { channel: 'email', recipient: 'admin', kind: 'admin-new-lead' },
          { channel: 'email', recipient: 'lead1@example.ng', kind: 'lead-confirmation' },
          { channel: 'sms', recipient: data.phoneE164, kind: 'lead-confirmation' },
          { channel: 'whatsapp', recipient: data.phoneE164, kind: 'lead-confirmation' },
        ] as const
      )
        .map((row) => ({
          ...row,
          id: toNotificationId({ position, channel: row.channel, recipient: row.recipient, addressDigest: testAddressDigest }),
          attempts: 1,
          transport: 'outbox',
        }))
        // Rows come in id order, and an id ends with the recipient's digest.
        .sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const files = await h.outboxFiles();
    expect(files).toHaveLength(4);
    const sms = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(path.join(outboxDirOf(h.dataDir), file), 'utf8'))),
    );
    const text = sms.find((message) => message.channel === 'sms').text as string;
    expect(text).toContain('Hi Chidi, your slot for 21 acres is reserved');
    expect(text).toContain('Reply STOP to opt out.');
    const sentLog = await readSentLog(h);
    // Delivered by parallel workers: in any order, each once.
    expect(sentLog.map((entry) => [entry.type, entry.data.notificationId, entry.data.attempt]).sort()).toEqual(
      rows.map((row) => ['NotificationSent', row.id, 1]).sort(),
    );
    await notifier.stop();
  });

  it('sends nothing new when the whole log is replayed from position 0', async () => {
    const before = { rows: await readNotifications(h), log: await readSentLog(h), files: await h.outboxFiles() };
    await h.db.pool.query('UPDATE notifier_checkpoint SET position = 0');
    const notifier = await h.start();
    const head = await h.eventStore.readHeadPosition();
    // The replay is over once the checkpoint is back at the head (the notifier's own events included).
    await expect
      .poll(async () => (await h.db.pool.query('SELECT position::text AS p FROM notifier_checkpoint')).rows[0].p)
      .toBe(head.toString());
    await notifier.stop();
    expect(await readNotifications(h)).toEqual(before.rows);
    expect(await readSentLog(h)).toEqual(before.log);
    expect(await h.outboxFiles()).toEqual(before.files);
  });
});

describe('a message recorded as sent whose row was not updated (a crash between the two)', () => {
  const h = useNotifierHarness();

  it('is marked sent on its next attempt without being sent again', async () => {
    const data = lead(7);
    const position = await h.append(`lead-${data.leadId}`, 'SlotReserved', data);
    const id = toNotificationId({ position, channel: 'sms', recipient: data.phoneE164, addressDigest: testAddressDigest });
    // What the crashed run left: the attempt counted and recorded in the sent-log, the row still queued.
    await h.db.pool.query(
      `INSERT INTO notifications (id, event_position, event_type, kind, channel, recipient, body_text, transport, attempts)
       VALUES ($1, $2, 'SlotReserved', 'lead-confirmation', 'sms', $3, 'sent before the crash', 'outbox', 1)`,
      [id, position.toString(), data.phoneE164],
    );
    await h.append(`notification-${id}`, 'NotificationSent', {
      notificationId: id,
      kind: 'lead-confirmation',
      channel: 'sms',
      recipient: data.phoneE164,
      transport: 'outbox',
      attempt: 1,
      providerMessageId: 'before-the-crash',
      sentAt: new Date().toISOString(),
    });
    const notifier = await h.start();
    // Its planning finds the row already there (no second job); a job of the crashed run retried does this:
    await deliverOnce(h, id);
    const row = (await readNotifications(h)).find((notification) => notification.id === id)!;
    expect([row.status, row.attempts]).toEqual(['sent', 2]);
    expect((await readSentLog(h)).filter((entry) => entry.data.notificationId === id)).toHaveLength(1);
    // The other three messages of the lead were planned and sent as usual; this one never went to the outbox again.
    await expect
      .poll(async () => (await readNotifications(h)).filter((notification) => notification.status === 'sent').length)
      .toBe(4);
    expect(await h.outboxFiles()).toHaveLength(3);
    await notifier.stop();
  });
});

describe('the log written while the notifier was down', () => {
  const h = useNotifierHarness();

  it("plans a page of it in one transaction, each event's messages once", async () => {
    const positions: bigint[] = [];
    for (let n = 0; n < 30; n += 1) positions.push(await h.append(`lead-${randomUUID()}`, 'SlotReserved', lead(100 + n)));
    // No delivery workers: the rows keep the transaction id that inserted them.
    const notifier = await h.start({}, { concurrency: 0 });
    await expect
      .poll(async () => (await h.db.pool.query('SELECT position::text AS p FROM notifier_checkpoint')).rows[0]?.p)
      .toBe(positions.at(-1)!.toString());
    const { rows } = await h.db.pool.query<{ events: number; messages: number; transactions: number }>(
      `SELECT count(DISTINCT event_position)::int AS events, count(*)::int AS messages,
              count(DISTINCT xmin::text)::int AS transactions FROM notifications`,
    );
    // One per event before (30); a catch-up page holds up to 200 events.
    expect(rows[0]).toEqual({ events: 30, messages: 120, transactions: 1 });
    await notifier.stop();
  });
});
