// What a delivery makes of an attempt its process left in flight (store/sending.ts), and of a
// message another live session is sending; kill.int.spec.ts gets there with real kills.

import { describe, expect, it } from 'vitest';
import { lockSending, unlockSending } from '../store/sending.ts';
import { deliverOnce, readNotifications, readSentLog, useNotifierHarness } from '../../test/harness.ts';
import { SendingElsewhereError } from './deliver.ts';

describe('a delivery finding an attempt left in flight', () => {
  const h = useNotifierHarness();
  const deliver = (id: string) => deliverOnce(h, id);
  /** A message as a process that died mid-attempt left it. */
  const insertLeftInFlight = async (id: string, status: 'queued' | 'sent') => {
    await h.db.pool.query(
      `INSERT INTO notifications (id, event_position, event_type, kind, channel, recipient, body_text, transport, attempts,
                                  status, sent_at, provider_message_id, sending_attempt, sending_since)
       VALUES ($1, 1, 'SlotReserved', 'lead-confirmation', 'sms', '+2348030000001', 'Hi', 'outbox', 1,
               $2, CASE WHEN $2 = 'sent' THEN now() END, CASE WHEN $2 = 'sent' THEN 'accepted-before-the-kill' END, 1, now())`,
      [id, status],
    );
  };
  const rowOf = async (id: string) => (await readNotifications(h)).find((notification) => notification.id === id)!;
  /** The sent-log of one message: type and attempt of each entry. */
  const sentLogOf = async (id: string) =>
    (await readSentLog(h)).filter((entry) => entry.data.notificationId === id).map((entry) => [entry.type, entry.data.attempt]);
  const marked = async (id: string) =>
    (await h.db.pool.query('SELECT sending_attempt FROM notifications WHERE id = $1', [id])).rows[0].sending_attempt;

  it('accepted by the provider before the kill: records its NotificationSent once and does not send it again', async () => {
    await insertLeftInFlight('1:sms:accepted', 'sent');
    await deliver('1:sms:accepted');
    await deliver('1:sms:accepted');
    expect(await sentLogOf('1:sms:accepted')).toEqual([['NotificationSent', 1]]);
    expect(await marked('1:sms:accepted')).toBeNull();
    expect(await h.outboxFiles()).toHaveLength(0);
  });

  it('with no outcome known: sends it again (the only case that can reach a recipient twice)', async () => {
    await insertLeftInFlight('1:sms:unknown', 'queued');
    await deliver('1:sms:unknown');
    const row = await rowOf('1:sms:unknown');
    expect([row.status, row.attempts]).toEqual(['sent', 2]);
    expect(await sentLogOf('1:sms:unknown')).toEqual([['NotificationSent', 2]]);
    expect(await marked('1:sms:unknown')).toBeNull();
    expect(await h.outboxFiles()).toHaveLength(1);
  });

  it('being sent by another live session: refused untouched, for its job to run again later', async () => {
    await insertLeftInFlight('1:sms:elsewhere', 'queued');
    const other = await h.db.pool.connect();
    try {
      expect(await lockSending(other, '1:sms:elsewhere')).toBe(true);
      await expect(deliver('1:sms:elsewhere')).rejects.toThrow(SendingElsewhereError);
      const row = await rowOf('1:sms:elsewhere');
      expect([row.status, row.attempts]).toEqual(['queued', 1]);
      expect(await h.outboxFiles()).toHaveLength(1);
    } finally {
      await unlockSending(other, '1:sms:elsewhere');
      other.release();
    }
  });
});
