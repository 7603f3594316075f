import type { Payment, PaymentHistoryEntry } from '@acres/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { decisionOf, describeDecisionFailure } from './payment-review';

const pending: Payment = {
  id: '6f1c1f0e-8a43-4a57-9a38-4b0e4f2f8c11',
  userId: '0b5d2c55-0a65-4f7e-9f6c-1f1d6d1c2a33',
  leadId: null,
  amount: 87_500_000,
  acres: 25,
  proofImagePath: '/objects/uploads/3c5e1d8b-2f1a-4c59-9f43-0c9c8f1b2a10',
  status: 'pending',
  adminNotes: null,
  approvedBy: null,
  submittedAt: '2025-03-02T10:00:00.000Z',
  processedAt: null,
  expectedAmount: 87_500_000,
  amountDifference: 0,
};
const submitted: PaymentHistoryEntry = { type: 'submitted', at: '2025-03-02T10:00:00.000Z', actor: 'Ada Obi', notes: null };

describe('the decision on a payment', () => {
  it('is none while the payment is pending and its timeline has only the submission', () => {
    expect(decisionOf(pending, [submitted])).toBeNull();
    expect(decisionOf(pending, undefined)).toBeNull();
  });

  it('comes from the timeline when the list row is older than the decision', () => {
    const rejected: PaymentHistoryEntry = { type: 'rejected', at: '2025-03-03T09:00:00.000Z', actor: 'admin', notes: 'Blurry' };
    expect(decisionOf(pending, [submitted, rejected])).toEqual({
      status: 'rejected',
      by: 'admin',
      at: rejected.at,
      notes: 'Blurry',
    });
  });

  it('comes from the row while the timeline is loading', () => {
    const approved = {
      ...pending,
      status: 'approved' as const,
      approvedBy: 'admin',
      processedAt: '2025-03-03T09:00:00.000Z',
      adminNotes: 'ok',
    };
    expect(decisionOf(approved, undefined)).toEqual({ status: 'approved', by: 'admin', at: approved.processedAt, notes: 'ok' });
  });
});

describe('a failed decision', () => {
  it("adds the server's 409 detail to the SPEC text", () => {
    const body = JSON.stringify({
      status: 409,
      title: 'Conflict',
      detail: 'Approving 30 acres would exceed the 200-acre project: 180 acres are already approved',
    });
    expect(describeDecisionFailure(new ApiError(409, 'Conflict', body))).toBe(
      'Failed to update payment status: Approving 30 acres would exceed the 200-acre project: 180 acres are already approved',
    );
  });

  it('says the server could not be reached when the network failed', () => {
    expect(describeDecisionFailure(new TypeError('Failed to fetch'))).toMatch(
      /^Failed to update payment status: The server could not be reached/,
    );
  });

  it('is the SPEC text alone when there is nothing more to say', () => {
    expect(describeDecisionFailure(new Error('boom'))).toBe('Failed to update payment status');
  });
});
