import { describe, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { paymentProofClaimDecider, type ClaimPaymentProof, type PaymentProofClaimed } from './proof-claim.ts';

const given = givenFor(paymentProofClaimDecider);
const now = new Date('2026-06-01T08:15:00.000Z');
const objectPath = '/objects/uploads/2f0c1b7e-1d2c-4b3a-8e9f-0a1b2c3d4e5f';
const paymentId = '4a1f9a64-2d0e-4b8e-9d55-7c1f3f6f0a11';
const otherPaymentId = '5b2f9a64-2d0e-4b8e-9d55-7c1f3f6f0a12';
const userId = '8d2b3c4e-5f60-4718-9a2b-3c4d5e6f7a8b';

const claim = (overrides: Partial<ClaimPaymentProof> = {}): ClaimPaymentProof => ({
  type: 'ClaimPaymentProof',
  objectPath,
  paymentId,
  userId,
  now,
  ...overrides,
});

const claimed = (overrides: Partial<PaymentProofClaimed['data']> = {}): PaymentProofClaimed => ({
  type: 'PaymentProofClaimed',
  data: { objectPath, paymentId, userId, claimedAt: now.toISOString(), ...overrides },
});

describe('a payment proof image', () => {
  it('is claimed by the first payment it backs', () => {
    given([]).when(claim()).then([claimed()]);
  });

  it('refuses a second payment with 409, naming the proof field', () => {
    given([claimed()])
      .when(claim({ paymentId: otherPaymentId }))
      .thenThrows({
        code: 'conflict',
        message: PAYMENT_MESSAGES.proofAlreadyUsed,
        errors: [{ field: 'proofImagePath', message: PAYMENT_MESSAGES.proofAlreadyUsed }],
      });
  });

  it('is already the proof of the payment that claimed it (a retried submission): nothing new', () => {
    given([claimed()]).when(claim()).then([]);
  });

  it('keeps the first claim when a second one was ever recorded', () => {
    given([claimed(), claimed({ paymentId: otherPaymentId })])
      .when(claim({ paymentId: otherPaymentId }))
      .thenThrows('conflict');
  });
});
