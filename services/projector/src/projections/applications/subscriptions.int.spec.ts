import type { Pool } from '@acres/platform/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationSubmittedData, newEvent, oneByOne, runUntilLive, useHarness } from '../../../test/harness.ts';
import { createSubscriptionsProjection } from '@acres/read-models/registry';

const projections = () => [createSubscriptionsProjection()];

const snapshot = async (pool: Pool) => (await pool.query('SELECT * FROM subscriptions ORDER BY id')).rows;

const decision = (
  submitted: ReturnType<typeof applicationSubmittedData>,
  overrides: { amountVerified?: number | null; escrowReceiptNumber?: string | null; notes?: string; decidedBy?: string } = {},
) => ({
  applicationId: submitted.applicationId,
  applicationNumber: submitted.applicationNumber,
  amountVerified: 70_000_000,
  escrowReceiptNumber: 'ESC-1',
  notes: 'Statement checked',
  decidedBy: 'admin',
  decidedAt: '2024-09-10T12:00:00.000Z',
  ...overrides,
});

describe('applications submitted, approved and rejected', () => {
  const harness = useHarness();
  const [approved, rejected, pending] = [1, 2, 3].map((n) => applicationSubmittedData(n));
  let head = 0n;
  let first: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    const append = async (stream: string, events: ReturnType<typeof newEvent>[]) =>
      (await harness.eventStore.appendToStream(stream, events, { expectedRevision: 'any' })).position;
    await append('application-a', [newEvent('ApplicationSubmitted', approved!)]);
    await append('application-b', [newEvent('ApplicationSubmitted', rejected!)]);
    await append('application-c', [newEvent('ApplicationSubmitted', pending!)]);
    await append('application-a', [newEvent('ApplicationApproved', decision(approved!))]);
    await append('application-b', [
      newEvent('ApplicationRejected', decision(rejected!, { amountVerified: null, escrowReceiptNumber: null, notes: '  ' })),
    ]);
    // A second decision can only come from a broken log (the stream decides once): the first stands.
    head = await append('application-a', [
      newEvent('ApplicationRejected', decision(approved!, { amountVerified: null, notes: 'too late', decidedBy: 'other' })),
    ]);
    await runUntilLive(harness, projections(), head, { batchSize: 2 });
    first = await snapshot(harness.db.pool);
  });

  it('moves an approved application to approved with the amount, the receipt, the notes, who and when', () => {
    expect(first.find((row) => row.id === approved!.applicationId)).toMatchObject({
      status: 'approved',
      amount_verified: 70_000_000,
      escrow_receipt_no: 'ESC-1',
      decision_notes: 'Statement checked',
      decided_by: 'admin',
      decided_at: new Date('2024-09-10T12:00:00.000Z'),
      updated_at: new Date('2024-09-10T12:00:00.000Z'),
    });
  });

  it('moves a rejected one to rejected, blank notes as no notes, and leaves a pending one alone', () => {
    expect(first.find((row) => row.id === rejected!.applicationId)).toMatchObject({
      status: 'rejected',
      amount_verified: null,
      escrow_receipt_no: null,
      decision_notes: null,
    });
    expect(first.find((row) => row.id === pending!.applicationId)).toMatchObject({
      status: 'pending',
      decided_at: null,
      decided_by: null,
    });
  });

  it('changes nothing when the whole log is replayed, in batches or one event at a time', async () => {
    for (const list of [projections(), projections().map(oneByOne)]) {
      await runUntilLive(harness, list, head, { from: 0n });
      expect(await snapshot(harness.db.pool)).toEqual(first);
    }
  });

  it('gives the same rows built from scratch', async () => {
    await harness.db.pool.query('TRUNCATE subscriptions; UPDATE projection_checkpoints SET position = 0');
    await runUntilLive(harness, projections().map(oneByOne), head);
    expect(await snapshot(harness.db.pool)).toEqual(first);
  });
});
