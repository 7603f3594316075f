import type { ApplicationStatus } from '@acres/contracts';
import { describe, expect, it } from 'vitest';
import { describeApplication } from './application-next-step';

const pending = {
  applicationNumber: 'ACR-2026-AAAAAAAA',
  status: 'pending',
  acresSubscribed: 20,
  subscriptionValue: 70_000_000,
  submittedAt: '2026-05-01T09:00:00.000Z',
  amountVerified: null,
  escrowReceiptNumber: null,
  decidedAt: null,
} satisfies ApplicationStatus;

describe('describeApplication', () => {
  it('before the escrow account exists, tells the applicant not to transfer, never that a payment is being verified', () => {
    const story = describeApplication(pending, { escrowSet: false, payments: null });
    expect(story.happened).toBe('We have your application for 20 acres (₦70M).');
    expect(story.next).toContain('do not transfer');
    expect(story.next).not.toContain('verifying');
  });

  it('with the escrow account set, asks for the amount of the acres applied for', () => {
    expect(describeApplication(pending, { escrowSet: true, payments: { reviewAcres: 0, outstandingAcres: 20 } }).next).toContain(
      'transfer ₦70M for 20 acres',
    );
    expect(describeApplication(pending, { escrowSet: true, payments: null }).next).toContain('transfer ₦70M');
  });

  it('says the payment is being verified only once a proof is under review', () => {
    expect(describeApplication(pending, { escrowSet: true, payments: { reviewAcres: 20, outstandingAcres: 0 } }).next).toContain(
      'verifying your payment',
    );
  });

  it('once approved, names the amount received and asks for nothing more', () => {
    const story = describeApplication(
      { ...pending, status: 'approved', amountVerified: 70_000_000, escrowReceiptNumber: 'ESC-1' },
      { escrowSet: true, payments: { reviewAcres: 0, outstandingAcres: 0 } },
    );
    expect(story.happened).toContain('received ₦70,000,000 (receipt ESC-1) for your 20 acres');
    expect(story.next).toContain('Nothing more to pay');
  });
});
