import type { ApplicationStatus, Payment } from '@acres/contracts';
import { describe, expect, it } from 'vitest';
import { readHoldings } from './holdings';

const payment = (acres: number, status: Payment['status']): Payment => ({ acres, amount: acres * 3_500_000, status }) as Payment;
const application = (acres: number, status: ApplicationStatus['status'], amountVerified: number | null = null) =>
  ({ acresSubscribed: acres, subscriptionValue: acres * 3_500_000, status, amountVerified }) as ApplicationStatus;

describe('readHoldings', () => {
  it('owes the acres applied for while nothing is paid', () => {
    expect(readHoldings([], [application(20, 'pending')])).toMatchObject({
      securedAcres: 0,
      appliedAcres: 20,
      outstandingAcres: 20,
    });
  });

  it('owes nothing more once a proof for those acres is under review', () => {
    expect(readHoldings([payment(20, 'pending')], [application(20, 'pending')])).toMatchObject({
      reviewCount: 1,
      reviewAcres: 20,
      outstandingAcres: 0,
    });
  });

  it('counts an approved application as secured, once, beside the approved payment of the same money', () => {
    expect(readHoldings([], [application(20, 'approved', 70_000_000)])).toMatchObject({
      securedAcres: 20,
      confirmedAmount: 70_000_000,
      outstandingAcres: 0,
    });
    expect(readHoldings([payment(20, 'approved')], [application(20, 'approved', 70_000_000)])).toMatchObject({
      securedAcres: 20,
      confirmedAmount: 70_000_000,
    });
  });

  it('asks again for a rejected proof, and for nothing without an application', () => {
    expect(readHoldings([payment(20, 'rejected')], [application(20, 'pending')]).outstandingAcres).toBe(20);
    expect(readHoldings([payment(5, 'approved')], [])).toMatchObject({
      securedAcres: 5,
      appliedAcres: null,
      outstandingAcres: 0,
    });
    expect(readHoldings([], [application(20, 'rejected')]).appliedAcres).toBeNull();
  });
});
