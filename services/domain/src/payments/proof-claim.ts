import { PAYMENT_MESSAGES, type DomainEventOf } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';

/**
 * One proof image backs one payment (issue 12): the proof object's own stream is claimed by
 * the payment it backs before that payment is recorded. The stream is written with
 * no_stream, so of two racing submissions of one object exactly one claims it.
 */
export type ClaimPaymentProof = {
  type: 'ClaimPaymentProof';
  objectPath: string;
  paymentId: string;
  userId: string;
  now: Date;
};
export type PaymentProofClaimCommand = ClaimPaymentProof;

export type PaymentProofClaimed = DomainEventOf<'PaymentProofClaimed'>;
export type PaymentProofClaimEvent = PaymentProofClaimed;

export type PaymentProofClaimState = { status: 'free' } | { status: 'claimed'; paymentId: string };

export const initialPaymentProofClaimState: PaymentProofClaimState = { status: 'free' };

export const evolvePaymentProofClaim = (state: PaymentProofClaimState, event: PaymentProofClaimEvent): PaymentProofClaimState => {
  switch (event.type) {
    case 'PaymentProofClaimed':
      // The first claim stands: the stream is written with no_stream, so a second one is a bug.
      return state.status === 'claimed' ? state : { status: 'claimed', paymentId: event.data.paymentId };
    default:
      return assertNever(event.type, 'payment proof claim event');
  }
};

const claimPaymentProof = (command: PaymentProofClaimCommand, state: PaymentProofClaimState): PaymentProofClaimEvent[] => {
  // The same payment again (a retried submission whose payment is not yet recorded): already its proof.
  if (state.status === 'claimed' && state.paymentId === command.paymentId) return [];
  if (state.status === 'claimed') {
    throw new DomainError('conflict', PAYMENT_MESSAGES.proofAlreadyUsed, [
      { field: 'proofImagePath', message: PAYMENT_MESSAGES.proofAlreadyUsed },
    ]);
  }
  const { objectPath, paymentId, userId, now } = command;
  return [{ type: 'PaymentProofClaimed', data: { objectPath, paymentId, userId, claimedAt: now.toISOString() } }];
};

export const paymentProofClaimDecider = createDecider<PaymentProofClaimCommand, PaymentProofClaimEvent, PaymentProofClaimState>(
  initialPaymentProofClaimState,
  evolvePaymentProofClaim,
  { ClaimPaymentProof: claimPaymentProof },
);

export const decidePaymentProofClaim = paymentProofClaimDecider.decide;
