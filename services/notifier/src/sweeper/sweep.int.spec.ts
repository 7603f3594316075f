import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import type { Notifier } from '../notifier.ts';
import { readWholeLog, storedLog } from '@acres/eventstore/test';
import { useNotifierHarness, type NotifierHarness } from '../../test/harness.ts';

const HOUR = 60 * 60 * 1000;
const T = Date.parse('2026-03-02T08:00:00.000Z');
const at = (hours: number) => new Date(T + hours * HOUR);
const ADMIN = 'ops@acres.example';
const env = { ADMIN_NOTIFY_EMAIL: ADMIN, PUBLIC_URL: 'https://acres.example' };

type AlertRow = {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  body_text: string;
  event_position: string;
  event_type: string;
  status: string;
};

const readAlerts = async (h: NotifierHarness): Promise<AlertRow[]> =>
  (
    await h.db.pool.query<AlertRow>(
      `SELECT id, kind, recipient, subject, body_text, event_position::text AS event_position, event_type, status
         FROM notifications WHERE id LIKE 'overdue:%' OR id LIKE 'projection-stopped:%' ORDER BY created_at, id`,
    )
  ).rows;

/** The notifier has planned every event up to `position` (and kept its waiting items). */
const followedTo = async (h: NotifierHarness, position: bigint) =>
  expect
    .poll(async () => BigInt((await h.db.pool.query('SELECT position::text AS p FROM notifier_checkpoint')).rows[0]?.p ?? '0'))
    .toBeGreaterThanOrEqual(position);

const submitPayment = async (h: NotifierHarness) => {
  const paymentId = randomUUID();
  await h.append(`user-${SAMPLE_EVENT_DATA.UserRegistered.userId}`, 'UserRegistered', SAMPLE_EVENT_DATA.UserRegistered);
  const position = await h.append(`payment-${paymentId}`, 'PaymentProofSubmitted', {
    ...SAMPLE_EVENT_DATA.PaymentProofSubmitted,
    paymentId,
    submittedAt: at(0).toISOString(),
  });
  return { paymentId, position };
};

const submitApplication = async (h: NotifierHarness, applicationNumber: string) => {
  const applicationId = randomUUID();
  const position = await h.append(`application-${applicationId}`, 'ApplicationSubmitted', {
    ...SAMPLE_EVENT_DATA.ApplicationSubmitted,
    applicationId,
    applicationNumber,
    submittedAt: at(0).toISOString(),
  });
  return { applicationId, position };
};

describe('the overdue alerts: an item waiting over 24 hours', () => {
  const h = useNotifierHarness();
  let notifier: Notifier;
  let stillWaiting = '';
  const ids = (rows: AlertRow[], prefix: string) => rows.map((row) => row.id).filter((id) => id.startsWith(prefix));

  it('a payment proof: nothing within 24 hours, one alert per day of waiting, none once it is decided', async () => {
    notifier = await h.start(env);
    const { paymentId, position } = await submitPayment(h);
    await followedTo(h, position);
    const prefix = `overdue:payment:${paymentId}:`;

    expect(await notifier.sweepOnce(at(23))).toBe(0);
    expect(ids(await readAlerts(h), prefix)).toEqual([]);

    expect(await notifier.sweepOnce(at(25))).toBe(1);
    expect(await notifier.sweepOnce(at(26))).toBe(0);
    expect(ids(await readAlerts(h), prefix)).toEqual([`${prefix}1`]);
    const [first] = await readAlerts(h);
    expect(first).toMatchObject({
      kind: 'admin-overdue-payment',
      recipient: ADMIN,
      subject: 'Waiting over 24 hours: payment proof from Ada Obi',
      event_position: position.toString(),
      event_type: 'PaymentProofSubmitted',
    });
    expect(first!.body_text).toContain('Amount: ₦87,500,000');
    expect(first!.body_text).toContain('Open the Payments tab: https://acres.example/admin?tab=payments');

    expect(await notifier.sweepOnce(at(49))).toBe(1);
    expect(ids(await readAlerts(h), prefix)).toEqual([`${prefix}1`, `${prefix}2`]);
    expect((await readAlerts(h)).at(-1)!.subject).toBe('Waiting over 2 days: payment proof from Ada Obi');

    const approved = await h.append('allocation-1', 'PaymentApproved', {
      ...SAMPLE_EVENT_DATA.PaymentApproved,
      paymentId,
      decidedAt: at(50).toISOString(),
    });
    await followedTo(h, approved);
    expect(await notifier.sweepOnce(at(73))).toBe(0);
    expect(ids(await readAlerts(h), prefix)).toEqual([`${prefix}1`, `${prefix}2`]);
    // Delivered like every other message: through the queue, with the attempt in the sent-log.
    await expect.poll(async () => (await readAlerts(h)).map((row) => row.status)).toEqual(['sent', 'sent']);
    const logged = await readWholeLog(storedLog(h.db.pool), { types: ['NotificationSent'] });
    expect(logged.map((event) => (event.data as { notificationId: string }).notificationId)).toEqual(
      expect.arrayContaining([`${prefix}1`, `${prefix}2`]),
    );
  });

  it('an application: the same, until it is rejected', async () => {
    const { applicationId, position } = await submitApplication(h, 'APP-2026-0042');
    await followedTo(h, position);
    const prefix = `overdue:application:${applicationId}:`;
    await notifier.sweepOnce(at(23));
    expect(ids(await readAlerts(h), prefix)).toEqual([]);
    await notifier.sweepOnce(at(25));
    await notifier.sweepOnce(at(26));
    expect(ids(await readAlerts(h), prefix)).toEqual([`${prefix}1`]);
    const alert = (await readAlerts(h)).find((row) => row.id === `${prefix}1`)!;
    expect(alert.subject).toBe('Waiting over 24 hours: application APP-2026-0042 from Ada Obi');
    expect(alert.body_text).toContain('Open the Applications tab: https://acres.example/admin?tab=applications');
    await notifier.sweepOnce(at(49));
    expect(ids(await readAlerts(h), prefix)).toEqual([`${prefix}1`, `${prefix}2`]);

    const rejected = await h.append(`application-${applicationId}`, 'ApplicationRejected', {
      ...SAMPLE_EVENT_DATA.ApplicationRejected,
      applicationId,
      applicationNumber: 'APP-2026-0042',
      decidedAt: at(60).toISOString(),
    });
    await followedTo(h, rejected);
    await notifier.sweepOnce(at(73));
    expect(ids(await readAlerts(h), prefix)).toEqual([`${prefix}1`, `${prefix}2`]);
  });

  it('two notifiers sweeping at once alert once', async () => {
    const second = await h.start(env);
    const { applicationId, position } = await submitApplication(h, 'APP-2026-0043');
    stillWaiting = applicationId;
    await followedTo(h, position);
    const queued = await Promise.all([notifier.sweepOnce(at(25)), second.sweepOnce(at(25)), notifier.sweepOnce(at(25))]);
    expect(queued.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(ids(await readAlerts(h), `overdue:application:${applicationId}:`)).toEqual([`overdue:application:${applicationId}:1`]);
    await second.stop();
  });

  it('a replay of the whole log alerts nothing again', async () => {
    await notifier.stop();
    const before = await readAlerts(h);
    const head = await h.eventStore.readHeadPosition();
    await h.db.pool.query('UPDATE notifier_checkpoint SET position = 0');
    notifier = await h.start(env);
    await followedTo(h, head);
    // The days already alerted, again: nothing.
    for (const hours of [25, 26]) expect(await notifier.sweepOnce(at(hours))).toBe(0);
    expect((await readAlerts(h)).map((row) => row.id)).toEqual(before.map((row) => row.id));
    // A new day: only the one item still waiting (the others were decided before the replay too).
    expect(await notifier.sweepOnce(at(73))).toBe(1);
    expect((await readAlerts(h)).map((row) => row.id)).toEqual([
      ...before.map((row) => row.id),
      `overdue:application:${stillWaiting}:3`,
    ]);
  });
});

describe('the projection-stopped alert', () => {
  const h = useNotifierHarness();

  /** What the projector's markFailed leaves when a projection stops on a poison event. */
  const stop = async (name: string, position: bigint) =>
    h.db.pool.query(
      `INSERT INTO projection_checkpoints (name, position, status, last_error, failed_position, failed_event_id, failed_event_type, failed_at)
       VALUES ($1, $2::bigint - 1, 'failed', 'column "acres" violates not-null constraint', $2::bigint, $3, 'PaymentApproved', now())
       ON CONFLICT (name) DO UPDATE SET status = 'failed', position = EXCLUDED.position, last_error = EXCLUDED.last_error,
         failed_position = EXCLUDED.failed_position, failed_event_id = EXCLUDED.failed_event_id,
         failed_event_type = EXCLUDED.failed_event_type, failed_at = EXCLUDED.failed_at`,
      [name, position.toString(), randomUUID()],
    );

  it('alerts once per stop, again for a later stop at another event, and not for a rebuild', async () => {
    const notifier = await h.start(env);
    await stop('payments', 4_200_000n);
    await stop('payments@r2', 4_200_000n);
    expect(await notifier.sweepOnce(at(0))).toBe(1);
    expect(await notifier.sweepOnce(at(1))).toBe(0);
    const [alert] = await readAlerts(h);
    expect(alert).toMatchObject({
      id: 'projection-stopped:payments:4200000',
      kind: 'admin-projection-stopped',
      recipient: ADMIN,
      subject: 'Projection payments stopped',
      event_position: '4200000',
      event_type: 'PaymentApproved',
    });
    expect(alert!.body_text).toContain('Event position: 4200000');
    expect(alert!.body_text).toContain('Error: column "acres" violates not-null constraint');
    expect(alert!.body_text).toContain('Open the Operations tab: https://acres.example/admin?tab=operations');

    // Resumed (or the event skipped), then stopped again further on.
    await h.db.pool.query(`UPDATE projection_checkpoints SET status = 'running' WHERE name = 'payments'`);
    expect(await notifier.sweepOnce(at(2))).toBe(0);
    await stop('payments', 4_300_000n);
    expect(await notifier.sweepOnce(at(3))).toBe(1);
    expect((await readAlerts(h)).map((row) => row.id)).toEqual([
      'projection-stopped:payments:4200000',
      'projection-stopped:payments:4300000',
    ]);
    await expect.poll(async () => (await readAlerts(h)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });
});

describe('the periodic sweep after a restart', () => {
  const h = useNotifierHarness();

  it('waits for the follower to pass what was decided while the notifier was down', async () => {
    const first = await h.start(env);
    const { paymentId } = await submitPayment(h);
    const { applicationId, position } = await submitApplication(h, 'APP-2026-0050');
    await followedTo(h, position);
    await first.stop();
    await h.append('allocation-1', 'PaymentApproved', {
      ...SAMPLE_EVENT_DATA.PaymentApproved,
      paymentId,
      decidedAt: at(2).toISOString(),
    });

    await h.start(env, { sweep: true, now: () => at(25) });
    await expect.poll(async () => (await readAlerts(h)).map((row) => row.id)).toContain(`overdue:application:${applicationId}:1`);
    expect((await readAlerts(h)).map((row) => row.id)).toEqual([`overdue:application:${applicationId}:1`]);
  });
});
