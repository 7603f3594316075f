import { EMAIL_TAKEN_MESSAGE, type DomainEventOf } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, type Decider } from '../decider.ts';

export type ClaimEmail = { type: 'ClaimEmail'; userId: string; email: string; now: Date };
export type EmailClaimCommand = ClaimEmail;

export type UserEmailClaimed = DomainEventOf<'UserEmailClaimed'>;
export type EmailClaimEvent = UserEmailClaimed;

/** One stream per normalised email: claimed means some account owns this address. */
export type EmailClaimState = { status: 'free' } | { status: 'claimed'; userId: string; claimedAt: string };

export const initialEmailClaimState: EmailClaimState = { status: 'free' };

export const evolveEmailClaim = (state: EmailClaimState, event: EmailClaimEvent): EmailClaimState => {
  switch (event.type) {
    case 'UserEmailClaimed':
      // The first claim stands: the stream is written with no_stream, so a second one is a bug.
      return state.status === 'claimed'
        ? state
        : { status: 'claimed', userId: event.data.userId, claimedAt: event.data.claimedAt };
    default:
      return assertNever(event.type, 'email claim event');
  }
};

const claimEmail = (command: ClaimEmail, state: EmailClaimState): EmailClaimEvent[] => {
  if (state.status === 'claimed') {
    throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE, [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }]);
  }
  return [
    {
      type: 'UserEmailClaimed',
      data: { userId: command.userId, email: command.email.trim().toLowerCase(), claimedAt: command.now.toISOString() },
    },
  ];
};

export const decideEmailClaim = (command: EmailClaimCommand, state: EmailClaimState): EmailClaimEvent[] => {
  switch (command.type) {
    case 'ClaimEmail':
      return claimEmail(command, state);
    default:
      return assertNever(command.type, 'email claim command');
  }
};

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  initialState: initialEmailClaimState,
  evolve: evolveEmailClaim,
  decide: decideEmailClaim,
};
