import { EMAIL_TAKEN_MESSAGE, type DomainEventOf } from '@acres/contracts';
import { ERASED } from '@acres/contracts/personal-data';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';

export type ClaimEmail = { type: 'ClaimEmail'; userId: string; email: string; now: Date };
export type EmailClaimCommand = ClaimEmail;

export type UserEmailClaimed = DomainEventOf<'UserEmailClaimed'>;
export type UserEmailReleased = DomainEventOf<'UserEmailReleased'>;
export type EmailClaimEvent = UserEmailClaimed | UserEmailReleased;

/**
 * One stream per normalised email: claimed means some account owns this address. A claim
 * whose email reads ERASED is an erased account's (its key is destroyed): the address is
 * nobody's any more, and the next sign-up releases and claims it.
 */
export type EmailClaimState = { status: 'free' } | { status: 'claimed'; userId: string; claimedAt: string; erased: boolean };

export const initialEmailClaimState: EmailClaimState = { status: 'free' };

export const evolveEmailClaim = (state: EmailClaimState, event: EmailClaimEvent): EmailClaimState => {
  switch (event.type) {
    case 'UserEmailClaimed':
      // A claim stands until released: appends are made at the revision read, so a second one is a bug.
      return state.status === 'claimed'
        ? state
        : {
            status: 'claimed',
            userId: event.data.userId,
            claimedAt: event.data.claimedAt,
            erased: event.data.email === ERASED,
          };
    case 'UserEmailReleased':
      return state.status === 'claimed' && state.userId === event.data.userId ? { status: 'free' } : state;
    default:
      return assertNever(event, 'email claim event');
  }
};

const claimed = (command: ClaimEmail): UserEmailClaimed => ({
  type: 'UserEmailClaimed',
  data: { userId: command.userId, email: command.email.trim().toLowerCase(), claimedAt: command.now.toISOString() },
});

const claimEmail = (command: ClaimEmail, state: EmailClaimState): EmailClaimEvent[] => {
  if (state.status === 'free') return [claimed(command)];
  if (state.erased) {
    return [
      { type: 'UserEmailReleased', data: { userId: state.userId, reason: 'erased', releasedAt: command.now.toISOString() } },
      claimed(command),
    ];
  }
  throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE, [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }]);
};

export const emailClaimDecider = createDecider<EmailClaimCommand, EmailClaimEvent, EmailClaimState>(
  initialEmailClaimState,
  evolveEmailClaim,
  {
    ClaimEmail: claimEmail,
  },
);

export const decideEmailClaim = emailClaimDecider.decide;
