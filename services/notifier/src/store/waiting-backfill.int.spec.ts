import { describe, expect, it } from 'vitest';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { createPostgresEventStore } from '@acres/eventstore';
import type { EventData, EventType } from '@acres/contracts/events';
import { newEvent, useNotifierHarness } from '../../test/harness.ts';

const data = SAMPLE_EVENT_DATA;
const HOUR = 60 * 60 * 1000;

describe('the waiting items of a log the notifier followed before it kept them (migration 22)', () => {
  const h = useNotifierHarness();

  it('are taken from the log: undecided submissions up to its checkpoint, once, then alerted', async () => {
    // Migration 22 ran on logs written before personal fields were sealed (issue 14): the
    // bare store writes them as those versions did, names in clear for the SQL to read.
    const bare = createPostgresEventStore({ pool: h.db.pool, connectionString: h.db.url });
    const append = async <T extends EventType>(stream: string, type: T, eventData: EventData<T>) =>
      (await bare.appendToStream(stream, [newEvent(type, eventData)], { expectedRevision: 'any' })).position;
    const undecided = '5f4f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f05';
    await append('user-1', 'UserRegistered', data.UserRegistered);
    await append('payment-1', 'PaymentProofSubmitted', data.PaymentProofSubmitted);
    await append('payment-2', 'PaymentProofSubmitted', { ...data.PaymentProofSubmitted, paymentId: undecided });
    await append('allocation-1', 'PaymentApproved', data.PaymentApproved);
    const followed = await append('application-1', 'ApplicationSubmitted', data.ApplicationSubmitted);
    const later = await append('application-2', 'ApplicationSubmitted', {
      ...data.ApplicationSubmitted,
      applicationId: '2c1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f02',
    });
    // What the follower had kept before the table existed: the address book and its checkpoint.
    await h.db.pool.query(`INSERT INTO notifier_contacts (key, email, name) VALUES ($1, 'ada@example.com', 'Ada Obi')`, [
      `user:${data.UserRegistered.userId}`,
    ]);
    await h.db.pool.query(`INSERT INTO notifier_checkpoint (name, position) VALUES ('notifier', $1::bigint)`, [
      followed.toString(),
    ]);

    await bare.close();
    const added = await h.db.pool.query<{ added: number }>('SELECT notifier_waiting_backfill() AS added');
    expect(added.rows[0]!.added).toBe(2);
    expect((await h.db.pool.query('SELECT notifier_waiting_backfill() AS added')).rows[0].added).toBe(0);
    const { rows } = await h.db.pool.query(
      `SELECT kind, item_id, who, details, event_type, decided_at FROM notifier_waiting ORDER BY kind`,
    );
    expect(rows).toEqual([
      {
        kind: 'application',
        item_id: data.ApplicationSubmitted.applicationId,
        who: 'Ada Obi',
        details: { applicationNumber: 'APP-2024-0001', acres: 20, value: 70_000_000 },
        event_type: 'ApplicationSubmitted',
        decided_at: null,
      },
      {
        kind: 'payment',
        item_id: undecided,
        who: 'Ada Obi',
        details: { acres: 25, amount: 87_500_000 },
        event_type: 'PaymentProofSubmitted',
        decided_at: null,
      },
    ]);

    // The follower goes on from its checkpoint and keeps the later one itself.
    const notifier = await h.start();
    await expect
      .poll(async () => BigInt((await h.db.pool.query('SELECT position::text AS p FROM notifier_checkpoint')).rows[0].p))
      .toBeGreaterThanOrEqual(later);
    const day = new Date(Date.parse(data.ApplicationSubmitted.submittedAt) + 25 * HOUR);
    expect(await notifier.sweepOnce(day)).toBe(3);
    const alerts = await h.db.pool.query<{ id: string }>(`SELECT id FROM notifications WHERE id LIKE 'overdue:%' ORDER BY id`);
    expect(alerts.rows.map((row) => row.id)).toEqual([
      `overdue:application:${data.ApplicationSubmitted.applicationId}:1`,
      'overdue:application:2c1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f02:1',
      `overdue:payment:${undecided}:1`,
    ]);
  });
});
