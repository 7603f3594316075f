import type { DomainEventOf } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { ISSUED_REFERRAL_CODE_PATTERN } from './decider.ts';
import { REFERRAL_CODE_FORMAT_MESSAGE, REFERRAL_CODE_TAKEN_MESSAGE } from './messages.ts';

/** One stream per code (`referral-code-{CODE}`): claimed means an affiliate owns it. */
export type ClaimReferralCode = { type: 'ClaimReferralCode'; code: string; affiliateId: string; userId: string; now: Date };
export type ReferralCodeCommand = ClaimReferralCode;

export type ReferralCodeClaimed = DomainEventOf<'ReferralCodeClaimed'>;
export type ReferralCodeEvent = ReferralCodeClaimed;

export type ReferralCodeState = { status: 'free' } | { status: 'claimed'; affiliateId: string; userId: string };

export const initialReferralCodeState: ReferralCodeState = { status: 'free' };

export const evolveReferralCode = (state: ReferralCodeState, event: ReferralCodeEvent): ReferralCodeState => {
  switch (event.type) {
    case 'ReferralCodeClaimed':
      // The first claim stands: the stream is written with no_stream, so a second one is a bug.
      return state.status === 'claimed'
        ? state
        : { status: 'claimed', affiliateId: event.data.affiliateId, userId: event.data.userId };
    default:
      return assertNever(event.type, 'referral code event');
  }
};

const claimReferralCode = (command: ClaimReferralCode, state: ReferralCodeState): ReferralCodeEvent[] => {
  if (state.status === 'claimed') throw new DomainError('conflict', REFERRAL_CODE_TAKEN_MESSAGE);
  if (!ISSUED_REFERRAL_CODE_PATTERN.test(command.code)) {
    throw new DomainError('validation_failed', REFERRAL_CODE_FORMAT_MESSAGE, [
      { field: 'referralCode', message: REFERRAL_CODE_FORMAT_MESSAGE },
    ]);
  }
  return [
    {
      type: 'ReferralCodeClaimed',
      data: {
        code: command.code,
        affiliateId: command.affiliateId,
        userId: command.userId,
        claimedAt: command.now.toISOString(),
      },
    },
  ];
};

export const referralCodeDecider = createDecider<ReferralCodeCommand, ReferralCodeEvent, ReferralCodeState>(
  initialReferralCodeState,
  evolveReferralCode,
  {
    ClaimReferralCode: claimReferralCode,
  },
);

export const decideReferralCode = referralCodeDecider.decide;
