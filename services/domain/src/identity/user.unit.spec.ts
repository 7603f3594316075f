import { describe, expect, it } from 'vitest';
import { EMAIL_TAKEN_MESSAGE, parseEvent } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { emailClaimDecider, type UserEmailClaimed } from './email-claim.ts';
import { USER_ALREADY_REGISTERED_MESSAGE, userDecider, type RegisterUser, type UserRegistered } from './user.ts';

const now = new Date('2026-03-14T09:30:00.000Z');
const userId = '2d2f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f03';
const otherUserId = '7a7f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f09';

describe('an email claim', () => {
  const given = givenFor(emailClaimDecider);
  const claimed = (id = userId): UserEmailClaimed => ({
    type: 'UserEmailClaimed',
    data: { userId: id, email: 'ada@example.com', claimedAt: now.toISOString() },
  });

  describe('for a free email', () => {
    it('is granted, with the email lower-cased and trimmed', () => {
      given([]).when({ type: 'ClaimEmail', userId, email: '  Ada@Example.COM ', now }).then([claimed()]);
    });

    it('produces an event the catalogue accepts', () => {
      const [event] = emailClaimDecider.decide(
        { type: 'ClaimEmail', userId, email: 'ada@example.com', now },
        emailClaimDecider.initialState,
      );
      expect(parseEvent('UserEmailClaimed', event!.data).data).toEqual(claimed().data);
    });
  });

  describe('for an email another account claimed', () => {
    it('is refused with 409 "An account with this email already exists" on field email', () => {
      given([claimed(otherUserId)])
        .when({ type: 'ClaimEmail', userId, email: 'ada@example.com', now })
        .thenThrows({
          code: 'conflict',
          message: EMAIL_TAKEN_MESSAGE,
          errors: [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }],
        });
    });

    it('is refused even for the same user id (a claim is made once)', () => {
      given([claimed()]).when({ type: 'ClaimEmail', userId, email: 'ada@example.com', now }).thenThrows('conflict');
    });
  });

  it('keeps the first claimant if a second claim was ever stored', () => {
    const state = [claimed(), claimed(otherUserId)].reduce(emailClaimDecider.evolve, emailClaimDecider.initialState);
    expect(state).toEqual({ status: 'claimed', userId, claimedAt: now.toISOString() });
  });
});

describe('a user', () => {
  const given = givenFor(userDecider);
  const register = (overrides: Partial<RegisterUser> = {}): RegisterUser => ({
    type: 'RegisterUser',
    userId,
    email: 'Ada@Example.com',
    firstName: ' Ada ',
    lastName: 'Obi',
    profileImageUrl: null,
    authProvider: 'password',
    now,
    ...overrides,
  });
  const registered = (overrides: Partial<UserRegistered['data']> = {}): UserRegistered => ({
    type: 'UserRegistered',
    data: {
      userId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Obi',
      profileImageUrl: null,
      authProvider: 'password',
      registeredAt: now.toISOString(),
      ...overrides,
    },
  });

  describe('not yet registered', () => {
    it('registers with a password: email lower-cased, names trimmed', () => {
      given([]).when(register()).then([registered()]);
    });

    it('registers through OpenID Connect without names, keeping the picture', () => {
      given([])
        .when(register({ authProvider: 'oidc', firstName: null, lastName: '  ', profileImageUrl: 'https://idp.example/ada.png' }))
        .then([
          registered({ authProvider: 'oidc', firstName: null, lastName: null, profileImageUrl: 'https://idp.example/ada.png' }),
        ]);
    });

    it('refuses a built-in account without names, naming both fields', () => {
      given([])
        .when(register({ firstName: '', lastName: null }))
        .thenThrows({
          code: 'validation_failed',
          errors: [
            { field: 'firstName', message: 'First name is required' },
            { field: 'lastName', message: 'Last name is required' },
          ],
        });
    });

    it('refuses an email that is not one', () => {
      given([])
        .when(register({ email: ' ' }))
        .thenThrows({ code: 'validation_failed', errors: [{ field: 'email', message: 'Valid email is required' }] });
    });
  });

  describe('already registered', () => {
    it('is not registered twice', () => {
      given([registered()]).when(register()).thenThrows({ code: 'conflict', message: USER_ALREADY_REGISTERED_MESSAGE });
    });

    it('remembers the provider, treating events without one as built-in', () => {
      const { authProvider: _omitted, ...legacy } = registered().data;
      const state = userDecider.evolve(userDecider.initialState, { type: 'UserRegistered', data: legacy });
      expect(state).toMatchObject({ status: 'registered', authProvider: 'password' });
    });

    it('follows an email change in a profile update', () => {
      const state = [
        registered(),
        {
          type: 'UserProfileUpdated' as const,
          data: {
            userId,
            email: 'ada@new.example',
            firstName: 'Ada',
            lastName: 'Obi',
            profileImageUrl: null,
            updatedAt: now.toISOString(),
          },
        },
      ].reduce(userDecider.evolve, userDecider.initialState);
      expect(state).toMatchObject({ status: 'registered', email: 'ada@new.example' });
    });
  });
});
