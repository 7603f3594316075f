import type { AdminAffiliateSale } from '@acres/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  decisionFromConflict,
  describeSaleDecisionFailure,
  describeTiers,
  formatCalendarDate,
  formatPercent,
  formatRate,
  ordinal,
  previewCommission,
  saleAcresLabel,
  saleDecisionOf,
  saleUpdatedToast,
} from './sale-review-model';

const pending: AdminAffiliateSale = {
  id: '6f1c1f0e-8a43-4a57-9a38-4b0e4f2f8c11',
  clientName: 'Ngozi Eze',
  clientPhone: '+2348091234567',
  clientEmail: null,
  acresPurchased: 1.5,
  amount: 500_000,
  status: 'pending',
  paymentPlan: 'installment',
  transactionDate: '2025-03-02',
  notes: null,
  reportedAt: '2025-03-02T10:00:00.000Z',
  verifiedAt: null,
  commissionRate: null,
  computedCommission: null,
  affiliateId: '0b5d2c55-0a65-4f7e-9f6c-1f1d6d1c2a33',
  affiliateUserId: '3c5e1d8b-2f1a-4c59-9f43-0c9c8f1b2a10',
  affiliateName: 'Tunde Bakare',
  referralCode: 'TUNB7K2M',
  verifiedBy: null,
  rejectedAt: null,
  rejectedBy: null,
  proofImagePath: null,
};

const problem = (status: number, detail: string) =>
  new ApiError(status, 'Conflict', JSON.stringify({ status, title: 'Conflict', detail }));

describe('the decision on a sale', () => {
  it('is none while the sale is pending', () => {
    expect(saleDecisionOf(pending)).toBeNull();
  });

  it.each([
    {
      outcome: 'carries the fixed rate and commission once verified',
      changes: {
        status: 'verified' as const,
        verifiedAt: '2025-03-03T09:00:00.000Z',
        verifiedBy: 'admin',
        notes: 'Receipt checked',
        commissionRate: 5,
        computedCommission: 25_000,
      },
      decision: {
        status: 'verified',
        by: 'admin',
        at: '2025-03-03T09:00:00.000Z',
        notes: 'Receipt checked',
        rateBps: 500,
        commission: 25_000,
      },
    },
    {
      outcome: 'says who rejected it and when, with no commission',
      changes: { status: 'rejected' as const, rejectedAt: '2025-03-04T09:00:00.000Z', rejectedBy: 'ops', notes: 'No receipt' },
      decision: {
        status: 'rejected',
        by: 'ops',
        at: '2025-03-04T09:00:00.000Z',
        notes: 'No receipt',
        rateBps: null,
        commission: null,
      },
    },
  ])('$outcome', ({ changes, decision }) => {
    expect(saleDecisionOf({ ...pending, ...changes })).toEqual(decision);
  });
});

describe('a refused decision', () => {
  it('reads which way a sale decided elsewhere went from the 409', () => {
    expect(decisionFromConflict(problem(409, 'This sale has already been verified'))).toBe('verified');
    expect(decisionFromConflict(problem(409, 'This sale has already been rejected'))).toBe('rejected');
  });

  it('is not taken for a decision when it is another problem', () => {
    expect(decisionFromConflict(problem(404, 'Sale not found'))).toBeNull();
    expect(decisionFromConflict(problem(409, 'Someone else is deciding'))).toBeNull();
    expect(decisionFromConflict(new Error('This sale has already been verified'))).toBeNull();
  });

  it("adds the server's detail to the toast text", () => {
    expect(describeSaleDecisionFailure(problem(404, 'Sale not found'))).toBe('Failed to update sale status: Sale not found');
    expect(describeSaleDecisionFailure(new TypeError('Failed to fetch'))).toMatch(
      /^Failed to update sale status: The server could not be reached/,
    );
    expect(describeSaleDecisionFailure(new Error('boom'))).toBe('Failed to update sale status');
  });
});

describe('the success toast', () => {
  it('names the commission and rate the server fixed', () => {
    expect(
      saleUpdatedToast(
        { id: pending.id, status: 'verified', commissionRate: 7.5, computedCommission: 37_500, position: '9' },
        'Tunde Bakare',
      ),
    ).toEqual({ title: 'Sale verified', description: 'Commission of ₦37,500 at 7.5% for Tunde Bakare.' });
  });

  it('says rejected for a rejection', () => {
    expect(saleUpdatedToast({ id: pending.id, status: 'rejected', position: '9' }, 'Tunde Bakare').title).toBe('Sale rejected');
  });
});

describe('figures', () => {
  it('writes rates in percent', () => {
    expect([500, 750, 1000].map(formatRate)).toEqual(['5%', '7.5%', '10%']);
    expect([5, 7.5, 10].map(formatPercent)).toEqual(['5%', '7.5%', '10%']);
  });

  it('previews the next verified sale at its tier, rounded to the naira', () => {
    expect(previewCommission(500_000, 0)).toEqual({ rateBps: 500, commission: 25_000, saleNumber: 1 });
    expect(previewCommission(333_333, 9)).toEqual({ rateBps: 750, commission: 25_000, saleNumber: 10 });
    expect(previewCommission(100_000, 24)).toMatchObject({ rateBps: 1000, saleNumber: 25 });
  });

  it('describes the tiers from the contract', () => {
    expect(describeTiers()).toBe('5% up to the 9th verified sale, 7.5% from the 10th, 10% from the 25th.');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
  });

  it('shows a calendar date as that day whatever the time zone', () => {
    expect(formatCalendarDate('2025-03-01')).toBe('1 Mar 2025');
    expect(formatCalendarDate('2024-12-31')).toBe('31 Dec 2024');
    expect(formatCalendarDate(undefined)).toBeNull();
    expect(formatCalendarDate('soon')).toBe('soon');
  });

  it('writes half acres', () => {
    expect([0.5, 1, 1.5, 12].map(saleAcresLabel)).toEqual(['0.5 acres', '1 acre', '1.5 acres', '12 acres']);
  });
});
