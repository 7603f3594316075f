import { describe, it, expect } from 'vitest';
import {
  AdminCountersSchema,
  AdminPaymentsResponseSchema,
  AllocationSchema,
  computeAmountCheck,
  CreatePaymentRequestSchema,
  describeAmountDifference,
  EMPTY_ALLOCATION,
  PaymentHistoryEntrySchema,
  PaymentProofFormSchema,
  PaymentSchema,
  PaymentsResponseSchema,
  PaymentStatusUpdateSchema,
} from './payment.ts';
import { issuesOf, messagesAt, parseOrThrow } from '../test/schema-issues.ts';
import { validPaymentProof } from '../test/index.ts';

const validProof = validPaymentProof();

describe('PaymentProofFormSchema', () => {
  const at = (patch: Record<string, unknown>, path: string) =>
    messagesAt(PaymentProofFormSchema, { ...validProof, ...patch }, path);

  it('accepts a complete proof', () => {
    expect(issuesOf(PaymentProofFormSchema, validProof)).toEqual([]);
    expect(issuesOf(CreatePaymentRequestSchema, validProof)).toEqual([]);
  });

  it.each([
    [0, ['Must purchase at least 1 acre']],
    [1, []],
    [200, []],
    [201, ['Maximum 200 acres']],
    [1.5, ['Acres must be a whole number']],
  ])('for %d acres reports %j', (acres, expected) => {
    expect(at({ acres }, 'acres')).toEqual(expected);
  });

  it('needs an amount of at least 1 naira', () => {
    expect(at({ amount: 0 }, 'amount')).toEqual(['Amount must be greater than 0']);
    expect(at({ amount: -5 }, 'amount')).toEqual(['Amount must be greater than 0']);
    expect(at({ amount: 1 }, 'amount')).toEqual([]);
    expect(at({ amount: undefined }, 'amount')).toEqual(['Amount must be greater than 0']);
  });

  it('rejects fractional naira', () => {
    expect(at({ amount: 3_500_000.5 }, 'amount')).toEqual(['Amount must be a whole number of naira']);
  });

  it('needs a proof image', () => {
    expect(at({ proofImagePath: '' }, 'proofImagePath')).toEqual(['Payment proof image is required']);
    expect(at({ proofImagePath: '  ' }, 'proofImagePath')).toEqual(['Payment proof image is required']);
    expect(at({ proofImagePath: undefined }, 'proofImagePath')).toEqual(['Payment proof image is required']);
  });
});

describe('PaymentSchema', () => {
  const row = {
    id: 'p1',
    userId: 'u1',
    leadId: null,
    amount: 87_500_000,
    acres: 25,
    proofImagePath: '/objects/uploads/proof-1',
    adminNotes: null,
    approvedBy: null,
    submittedAt: '2024-09-01T10:00:00.000Z',
    processedAt: null,
    expectedAmount: 87_500_000,
    amountDifference: 0,
  };

  it('falls back to pending when the status is missing', () => {
    expect(parseOrThrow(PaymentSchema, row).status).toBe('pending');
  });

  it('keeps a decided status and rejects an unknown one', () => {
    expect(parseOrThrow(PaymentSchema, { ...row, status: 'approved' }).status).toBe('approved');
    expect(issuesOf(PaymentSchema, { ...row, status: 'lost' })).toHaveLength(1);
  });

  it('parses the investor and admin lists', () => {
    expect(issuesOf(PaymentsResponseSchema, [row, { ...row, id: 'p2', status: 'rejected' }])).toEqual([]);
    expect(issuesOf(AdminPaymentsResponseSchema, { total: 1, payments: [{ ...row, submitterName: 'Ada Obi' }] })).toEqual([]);
  });
});

describe('PaymentStatusUpdateSchema', () => {
  it('accepts approved and rejected with notes', () => {
    expect(parseOrThrow(PaymentStatusUpdateSchema, { status: 'approved', adminNotes: ' ok ' })).toEqual({
      status: 'approved',
      adminNotes: 'ok',
    });
  });

  it('defaults missing or null notes to an empty string', () => {
    expect(parseOrThrow(PaymentStatusUpdateSchema, { status: 'rejected' }).adminNotes).toBe('');
    expect(parseOrThrow(PaymentStatusUpdateSchema, { status: 'rejected', adminNotes: null }).adminNotes).toBe('');
  });

  it.each(['pending', 'APPROVED', '', undefined])('rejects the status %j', (status) => {
    expect(messagesAt(PaymentStatusUpdateSchema, { status }, 'status')).toEqual(["Status must be 'approved' or 'rejected'"]);
  });

  it('caps notes at 2000 characters', () => {
    expect(messagesAt(PaymentStatusUpdateSchema, { status: 'approved', adminNotes: 'x'.repeat(2001) }, 'adminNotes')).toEqual([
      'Admin notes must be at most 2000 characters',
    ]);
  });
});

describe('admin counters, history and allocation', () => {
  it('parses counters and rejects negative counts', () => {
    const counters = { totalLeads: 3, totalApplications: 1, totalPayments: 2, pendingApprovals: 1, approvedPayments: 1 };
    expect(issuesOf(AdminCountersSchema, counters)).toEqual([]);
    expect(issuesOf(AdminCountersSchema, { ...counters, totalLeads: -1 })).toHaveLength(1);
  });

  it('parses a history entry', () => {
    expect(
      issuesOf(PaymentHistoryEntrySchema, { type: 'approved', at: '2024-09-02T10:00:00Z', actor: 'admin', notes: 'ok' }),
    ).toEqual([]);
  });

  it('starts the allocation with all 200 acres and 10 slots free', () => {
    expect(parseOrThrow(AllocationSchema, EMPTY_ALLOCATION)).toEqual({
      acresApproved: 0,
      acresRemaining: 200,
      partners: 0,
      partnerSlots: 10,
    });
  });
});

describe("the server's price check", () => {
  it('expects acres × ₦3,500,000 and measures the amount against it', () => {
    expect(computeAmountCheck(25, 87_500_000)).toEqual({ expectedAmount: 87_500_000, amountDifference: 0 });
    expect(computeAmountCheck(25, 87_000_000)).toEqual({ expectedAmount: 87_500_000, amountDifference: -500_000 });
    expect(computeAmountCheck(1, 4_000_000)).toEqual({ expectedAmount: 3_500_000, amountDifference: 500_000 });
  });

  it('tells the reviewer how far off the amount is, in naira', () => {
    expect(describeAmountDifference(-500_000)).toBe('₦500,000 short');
    expect(describeAmountDifference(1_000)).toBe('₦1,000 over');
    expect(describeAmountDifference(0)).toBe('Matches the price');
  });
});
