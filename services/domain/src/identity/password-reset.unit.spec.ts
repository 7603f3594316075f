import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_LINK_INVALID_MESSAGE, parseEvent } from '@acres/contracts';
import { ERASED } from '@acres/contracts/personal-data';
import { givenFor } from '../../test/given.ts';
import { registeredUser } from '../../test/users.ts';
import {
  userDecider,
  type PasswordResetCompleted,
  type PasswordResetRequested,
  type UserEvent,
  type UserRegistered,
} from './user.ts';

const userId = '2d2f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f03';
const firstReset = '6c1f0e2a-8b3d-4f5e-9a7c-1d2e3f4a5b6c';
const secondReset = '7d2f1e3b-9c4e-4a6f-8b8d-2e3f4a5b6c7d';
const requestedAt = new Date('2026-03-14T09:30:00.000Z');
const minutesLater = (minutes: number) => new Date(requestedAt.getTime() + minutes * 60_000);

const given = givenFor(userDecider);
const registered = registeredUser({ userId });
const requested = (resetId: string, at = requestedAt): PasswordResetRequested => ({
  type: 'PasswordResetRequested',
  data: {
    userId,
    resetId,
    requestedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + 60 * 60_000).toISOString(),
  },
});
const completed = (resetId: string, at: Date): PasswordResetCompleted => ({
  type: 'PasswordResetCompleted',
  data: { userId, resetId, completedAt: at.toISOString() },
});
const complete = (resetId: string, now: Date) => ({ type: 'CompletePasswordReset' as const, userId, resetId, now });
const invalidLink = {
  code: 'gone' as const,
  message: PASSWORD_RESET_LINK_INVALID_MESSAGE,
  errors: [{ field: 'token', message: PASSWORD_RESET_LINK_INVALID_MESSAGE }],
};

describe('a password reset request', () => {
  it('is recorded for a registered account, expiring one hour later, with no token or email in it', () => {
    given([registered])
      .when({ type: 'RequestPasswordReset', userId, resetId: firstReset, now: requestedAt })
      .then([requested(firstReset)]);
    const [event] = userDecider.decide(
      { type: 'RequestPasswordReset', userId, resetId: firstReset, now: requestedAt },
      userDecider.evolve(userDecider.initialState, registered),
    );
    expect(Object.keys(parseEvent('PasswordResetRequested', event!.data).data).sort()).toEqual([
      'expiresAt',
      'requestedAt',
      'resetId',
      'userId',
    ]);
  });

  it('is refused for an account that does not exist', () => {
    given([]).when({ type: 'RequestPasswordReset', userId, resetId: firstReset, now: requestedAt }).thenThrows('not_found');
  });
});

describe('completing a password reset', () => {
  it('spends a link that was requested, within its hour', () => {
    given([registered, requested(firstReset)])
      .when(complete(firstReset, minutesLater(59)))
      .then([completed(firstReset, minutesLater(59))]);
  });

  it('refuses an expired link: at the hour and after', () => {
    given([registered, requested(firstReset)])
      .when(complete(firstReset, minutesLater(60)))
      .thenThrows(invalidLink);
    given([registered, requested(firstReset)])
      .when(complete(firstReset, minutesLater(600)))
      .thenThrows(invalidLink);
  });

  it('refuses a link used once already', () => {
    given([registered, requested(firstReset), completed(firstReset, minutesLater(5))])
      .when(complete(firstReset, minutesLater(6)))
      .thenThrows(invalidLink);
  });

  it('refuses an older link once a later one was used (superseded)', () => {
    const history: UserEvent[] = [
      registered,
      requested(firstReset),
      requested(secondReset, minutesLater(2)),
      completed(secondReset, minutesLater(3)),
    ];
    given(history)
      .when(complete(firstReset, minutesLater(4)))
      .thenThrows(invalidLink);
  });

  it('accepts a link asked for after an earlier reset was completed', () => {
    given([registered, requested(firstReset), completed(firstReset, minutesLater(1)), requested(secondReset, minutesLater(2))])
      .when(complete(secondReset, minutesLater(3)))
      .then([completed(secondReset, minutesLater(3))]);
  });

  it('refuses a link that was never requested, or another account', () => {
    given([registered])
      .when(complete(firstReset, minutesLater(1)))
      .thenThrows(invalidLink);
    given([])
      .when(complete(firstReset, minutesLater(1)))
      .thenThrows(invalidLink);
    given([registered, requested(firstReset)])
      .when({ ...complete(firstReset, minutesLater(1)), userId: '7a7f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f09' })
      .thenThrows(invalidLink);
  });
});

describe('an erased account (its personal fields read as erased)', () => {
  const erased: UserRegistered = { ...registered, data: { ...registered.data, email: ERASED, firstName: ERASED } };

  it('voids a link asked for before the erasure: the same answer as any spent link, nothing recorded', () => {
    given([erased, requested(firstReset)])
      .when(complete(firstReset, minutesLater(5)))
      .thenThrows(invalidLink);
  });

  it('takes no new request, as an account that does not exist', () => {
    given([erased])
      .when({ type: 'RequestPasswordReset', userId, resetId: secondReset, now: requestedAt })
      .thenThrows('not_found');
  });
});
