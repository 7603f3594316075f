import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../shared/event-data.ts';
import { foldPayments } from './payments-projection.ts';

const INVESTOR = '11111111-0000-4000-8000-000000000001';
const id = (n: number) => `22222222-0000-4000-8000-${String(n).padStart(12, '0')}`;
let position = 0n;
const next = () => (position += 1n);

const submitted = (n: number, submittedAt: string, notes?: { acres?: number; amount?: number }): LoggedEvent => ({
  type: 'PaymentProofSubmitted',
  streamId: `payment-${id(n)}`,
  globalPosition: next(),
  data: {
    paymentId: id(n),
    userId: INVESTOR,
    acres: notes?.acres ?? 25,
    amount: notes?.amount ?? 87_500_000,
    proofImagePath: `/objects/uploads/p${n}`,
    submittedAt,
    expectedAmount: 87_500_000,
    amountDifference: (notes?.amount ?? 87_500_000) - 87_500_000,
  },
});

const decided = (type: 'PaymentApproved' | 'PaymentRejected', n: number, adminNotes = ''): LoggedEvent => ({
  type,
  streamId: 'allocation-corridor-200',
  globalPosition: next(),
  data: {
    paymentId: id(n),
    userId: INVESTOR,
    acres: 25,
    amount: 87_500_000,
    adminNotes,
    decidedBy: 'ops-admin',
    decidedAt: '2026-06-03T09:00:00.000Z',
  },
});

describe("folding an investor's payments as of a position", () => {
  const events = [
    submitted(1, '2026-06-01T10:00:00.000Z'),
    submitted(2, '2026-06-02T10:00:00.000Z', { amount: 87_000_000 }),
    decided('PaymentApproved', 1, 'Matches the escrow statement'),
    decided('PaymentRejected', 2, '   '),
    // A later decision on a decided payment changes nothing: the first stands.
    decided('PaymentApproved', 2),
    submitted(3, '2026-06-02T10:00:00.000Z'),
  ];

  it('lists newest first (ties by id, descending), each as its first decision left it', () => {
    const rows = foldPayments(events);
    expect(rows.map((row) => [row.id, row.status, row.admin_notes, row.approved_by])).toEqual([
      [id(3), 'pending', null, null],
      [id(2), 'rejected', null, 'ops-admin'],
      [id(1), 'approved', 'Matches the escrow statement', 'ops-admin'],
    ]);
    expect(rows[1]).toMatchObject({ amount_difference: -500_000, processed_at: new Date('2026-06-03T09:00:00.000Z') });
  });

  it('shows a payment pending when the position is before its decision', () => {
    expect(foldPayments(events.slice(0, 2)).map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('keeps a submission seen twice once', () => {
    expect(foldPayments([events[0]!, events[0]!])).toHaveLength(1);
  });
});
