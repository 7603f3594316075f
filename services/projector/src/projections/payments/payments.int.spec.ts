import { randomUUID } from 'node:crypto';
import type { Pool } from '@acres/platform/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { newEvent, oneByOne, runUntilLive, useHarness, waitUntil } from '../../../test/harness.ts';
import { itChangesNothingWhenReplayedFromZero } from '../../../test/replay-cases.ts';
import {
  createAdminCountersProjection,
  createAllocationProjection,
  createPaymentHistoryProjection,
  createPaymentsProjection,
} from '@acres/read-models/registry';
import { decidePayment, submitPayment } from '../../../test/payments.ts';

const projections = () => [
  createPaymentsProjection(),
  createPaymentHistoryProjection(),
  createAllocationProjection(),
  createAdminCountersProjection(),
];

const snapshot = async (pool: Pool) => ({
  payments: (await pool.query('SELECT * FROM payments ORDER BY id')).rows,
  history: (await pool.query('SELECT * FROM payment_history ORDER BY payment_id, global_position')).rows,
  allocation: (await pool.query('SELECT acres_approved, approved_payments, partners, last_position FROM allocation')).rows,
  partners: (await pool.query('SELECT * FROM allocation_partners ORDER BY user_id')).rows,
  counters: (await pool.query('SELECT total_payments, pending_approvals, approved_payments, last_position FROM admin_counters'))
    .rows,
});

describe('payments submitted, approved and rejected', () => {
  const harness = useHarness();
  const [ada, bola, chidi] = [randomUUID(), randomUUID(), randomUUID()];
  let head = 0n;
  let first: Awaited<ReturnType<typeof snapshot>>;
  const seeded = {} as Record<
    'adaBig' | 'adaSmall' | 'bolaRejected' | 'bolaLater' | 'chidiPending',
    Awaited<ReturnType<typeof submitPayment>>
  >;
  const decisions = {} as Record<'adaBig' | 'adaSmall' | 'bolaRejected' | 'bolaLater', Awaited<ReturnType<typeof decidePayment>>>;

  beforeAll(async () => {
    const store = harness.eventStore;
    seeded.adaBig = await submitPayment(store, { userId: ada, acres: 25, amount: 87_500_000, leadId: randomUUID() });
    seeded.adaSmall = await submitPayment(store, { userId: ada, acres: 10, amount: 35_000_000 });
    seeded.bolaRejected = await submitPayment(store, { userId: bola, acres: 30, amount: 105_000_000 });
    decisions.adaBig = await decidePayment(store, {
      payment: seeded.adaBig,
      status: 'approved',
      adminNotes: 'Receipt matches the escrow statement',
    });
    seeded.chidiPending = await submitPayment(store, { userId: chidi, acres: 5, amount: 17_500_000 });
    decisions.bolaRejected = await decidePayment(store, {
      payment: seeded.bolaRejected,
      status: 'rejected',
      adminNotes: 'Blurry receipt',
      decidedBy: 'ops-admin',
    });
    decisions.adaSmall = await decidePayment(store, { payment: seeded.adaSmall, status: 'approved', adminNotes: '   ' });
    seeded.bolaLater = await submitPayment(store, { userId: bola, acres: 40, amount: 140_000_000 });
    decisions.bolaLater = await decidePayment(store, { payment: seeded.bolaLater, status: 'approved' });
    head = decisions.bolaLater.position;
    // A small batch size splits submissions from their decisions across transactions.
    await runUntilLive(harness, projections(), head, { batchSize: 3 });
    first = await snapshot(harness.db.pool);
  });

  it('writes a submitted payment with every SPEC field, decided later', async () => {
    const { rows } = await harness.db.pool.query('SELECT * FROM payments WHERE id = $1', [seeded.chidiPending.paymentId]);
    expect(rows).toEqual([
      {
        id: seeded.chidiPending.paymentId,
        user_id: chidi,
        lead_id: null,
        amount: 17_500_000,
        acres: 5,
        proof_image_path: seeded.chidiPending.proofImagePath,
        status: 'pending',
        admin_notes: null,
        approved_by: null,
        submitted_at: new Date(seeded.chidiPending.submittedAt),
        processed_at: null,
        expected_amount: 17_500_000,
        amount_difference: 0,
        // No user events in this log: the search knows the payment by its id alone.
        investor_name: null,
        investor_email: null,
        global_position: Number(seeded.chidiPending.position),
      },
    ]);
  });

  it('moves an approved payment to approved with the notes, the admin and the time', async () => {
    const { rows } = await harness.db.pool.query('SELECT * FROM payments WHERE id = $1', [seeded.adaBig.paymentId]);
    expect(rows[0]).toMatchObject({
      lead_id: seeded.adaBig.leadId,
      status: 'approved',
      admin_notes: 'Receipt matches the escrow statement',
      approved_by: 'admin',
      processed_at: new Date(decisions.adaBig.decidedAt),
      global_position: Number(decisions.adaBig.position),
    });
  });

  it('moves a rejected payment to rejected, recording who rejected it', async () => {
    const { rows } = await harness.db.pool.query(
      'SELECT status, admin_notes, approved_by, processed_at FROM payments WHERE id = $1',
      [seeded.bolaRejected.paymentId],
    );
    expect(rows).toEqual([
      {
        status: 'rejected',
        admin_notes: 'Blurry receipt',
        approved_by: 'ops-admin',
        processed_at: new Date(decisions.bolaRejected.decidedAt),
      },
    ]);
  });

  it('stores blank admin notes as no notes', async () => {
    const { rows } = await harness.db.pool.query('SELECT status, admin_notes FROM payments WHERE id = $1', [
      seeded.adaSmall.paymentId,
    ]);
    expect(rows).toEqual([{ status: 'approved', admin_notes: null }]);
  });

  it('keeps a timeline per payment: submitted by the investor, then decided by the admin with the notes', async () => {
    const { rows } = await harness.db.pool.query(
      'SELECT type, at, actor_kind, actor_id, notes, user_id FROM payment_history WHERE payment_id = $1 ORDER BY global_position',
      [seeded.bolaRejected.paymentId],
    );
    expect(rows).toEqual([
      {
        type: 'submitted',
        at: new Date(seeded.bolaRejected.submittedAt),
        actor_kind: 'user',
        actor_id: bola,
        notes: null,
        user_id: bola,
      },
      {
        type: 'rejected',
        at: new Date(decisions.bolaRejected.decidedAt),
        actor_kind: 'admin',
        actor_id: 'ops-admin',
        notes: 'Blurry receipt',
        user_id: bola,
      },
    ]);
    const pending = await harness.db.pool.query('SELECT type FROM payment_history WHERE payment_id = $1', [
      seeded.chidiPending.paymentId,
    ]);
    expect(pending.rows).toEqual([{ type: 'submitted' }]);
    expect((await harness.db.pool.query('SELECT count(*)::int AS n FROM payment_history')).rows).toEqual([{ n: 9 }]);
  });

  it('sums the approved acres and counts each approved investor once as a partner', () => {
    // Ada twice (25 + 10), Bola once (40; her rejected 30 does not count), Chidi pending.
    expect(first.allocation).toEqual([{ acres_approved: 75, approved_payments: 3, partners: 2, last_position: Number(head) }]);
    expect(first.partners.map((row) => row.user_id).sort()).toEqual([ada, bola].sort());
  });

  it('counts every payment, the pending ones and the approved ones', () => {
    expect(first.counters).toEqual([
      { total_payments: 5, pending_approvals: 1, approved_payments: 3, last_position: Number(head) },
    ]);
  });

  itChangesNothingWhenReplayedFromZero(() => ({ harness, projections, head, snapshot: () => snapshot(harness.db.pool), first }));

  it('changes nothing when replayed from between a submission and its decision', async () => {
    await runUntilLive(harness, projections(), head, { from: seeded.bolaLater.position });
    expect(await snapshot(harness.db.pool)).toEqual(first);
  });

  it('gives the same read models built from scratch one event at a time', async () => {
    await harness.db.pool.query(`TRUNCATE payments, payment_history, allocation_partners;
      UPDATE allocation SET acres_approved = 0, approved_payments = 0, partners = 0, last_position = 0;
      UPDATE admin_counters SET total_payments = 0, pending_approvals = 0, approved_payments = 0, last_position = 0;
      UPDATE projection_checkpoints SET position = 0`);
    await runUntilLive(harness, projections().map(oneByOne), head);
    expect(await snapshot(harness.db.pool)).toEqual(first);
  });
});

describe("the investor's name and email on their payments, for the audit's search", () => {
  const harness = useHarness();
  const [ada, bola] = [randomUUID(), randomUUID()];
  const at = '2026-01-01T10:00:00.000Z';
  let head = 0n;
  const paid = {} as Record<'adaFirst' | 'adaLater' | 'bola', Awaited<ReturnType<typeof submitPayment>>>;
  const user = async (type: 'UserRegistered' | 'UserProfileUpdated', data: Record<string, unknown>) =>
    (await harness.eventStore.appendToStream(`user-${randomUUID()}`, [newEvent(type, data)], { expectedRevision: 'no_stream' }))
      .position;
  const investors = async () =>
    (
      await harness.db.pool.query<{ id: string; investor_name: string | null; investor_email: string | null }>(
        'SELECT id, investor_name, investor_email FROM payments ORDER BY submitted_at',
      )
    ).rows;

  beforeAll(async () => {
    const store = harness.eventStore;
    const profile = { profileImageUrl: null, registeredAt: at };
    await user('UserRegistered', { userId: ada, email: 'ada@example.ng', firstName: 'Ada', lastName: 'Obi', ...profile });
    paid.adaFirst = await submitPayment(store, { userId: ada });
    await user('UserProfileUpdated', { userId: ada, firstName: 'Adaeze', lastName: 'Obi', profileImageUrl: null, updatedAt: at });
    paid.adaLater = await submitPayment(store, { userId: ada });
    await user('UserRegistered', { userId: bola, email: 'bola@example.ng', firstName: 'Bola', lastName: null, ...profile });
    paid.bola = await submitPayment(store, { userId: bola });
    head = await user('UserProfileUpdated', {
      userId: bola,
      email: 'bola.ade@example.ng',
      firstName: 'Bola',
      lastName: 'Ade',
      profileImageUrl: null,
      updatedAt: at,
    });
    await runUntilLive(harness, [createPaymentsProjection()], head, { batchSize: 2 });
  });

  it('keeps the latest name on every payment of the investor, and the email until a new one is given', async () => {
    expect(await investors()).toEqual([
      { id: paid.adaFirst.paymentId, investor_name: 'Adaeze Obi', investor_email: 'ada@example.ng' },
      { id: paid.adaLater.paymentId, investor_name: 'Adaeze Obi', investor_email: 'ada@example.ng' },
      { id: paid.bola.paymentId, investor_name: 'Bola Ade', investor_email: 'bola.ade@example.ng' },
    ]);
  });

  it('gives the same rows built from scratch one event at a time', async () => {
    const before = await investors();
    await harness.db.pool.query(`TRUNCATE payments, payment_investors; UPDATE projection_checkpoints SET position = 0`);
    await runUntilLive(harness, [oneByOne(createPaymentsProjection())], head);
    expect(await investors()).toEqual(before);
  });
});

describe('a decision for a payment that was never submitted', () => {
  const harness = useHarness();

  it('stops the payments projection on that event instead of dropping it, while allocation counts it', async () => {
    const ghost = { paymentId: randomUUID(), userId: randomUUID(), acres: 3, amount: 10_500_000 };
    const decision = await decidePayment(harness.eventStore, { payment: ghost, status: 'approved' });
    const projector = harness.startProjector({
      projections: [createPaymentsProjection(), createAllocationProjection()],
      retry: { attempts: 2, baseDelayMs: 10 },
    });
    try {
      await waitUntil(() => projector.status().some((status) => status.state === 'failed'), { what: 'payments to stop' });
      const checkpoints = async () =>
        (
          await harness.db.pool.query(
            `SELECT name, status, failed_position::text AS failed_position, last_error FROM projection_checkpoints ORDER BY name`,
          )
        ).rows;
      // Allocation runs on beside it: its checkpoint row may come a moment after payments stopped.
      await expect.poll(checkpoints).toEqual([
        { name: 'allocation', status: 'running', failed_position: null, last_error: null },
        {
          name: 'payments',
          status: 'failed',
          failed_position: decision.position.toString(),
          last_error: expect.stringContaining(`a decision names a payment that was never submitted: ${ghost.paymentId}`),
        },
      ]);
    } finally {
      await projector.stop();
    }
  });
});
