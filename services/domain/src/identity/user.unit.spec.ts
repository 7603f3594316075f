import { describe, expect, it } from 'vitest';
import {
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  EMAIL_VERIFICATION_LINK_INVALID_MESSAGE,
  parseEvent,
} from '@acres/contracts';
import { ERASED } from '@acres/contracts/personal-data';
import { givenFor } from '../../test/given.ts';
import { registeredUser } from '../../test/users.ts';
import { emailClaimDecider, type UserEmailClaimed } from './email-claim.ts';
import {
  USER_ALREADY_REGISTERED_MESSAGE,
  userDecider,
  type EmailVerificationRequested,
  type RegisterUser,
  type UserEmailVerified,
  type UserRegistered,
} from './user.ts';

const now = new Date('2026-03-14T09:30:00.000Z');
const userId = '2d2f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f03';
const otherUserId = '7a7f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f09';
const verificationId = '9c1f0e2a-8b3d-4f5e-9a7c-1d2e3f4a5b6c';
const laterVerificationId = 'ac1f0e2a-8b3d-4f5e-9a7c-1d2e3f4a5b6d';
const DAY_MS = 24 * 60 * 60_000;

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
    expect(state).toEqual({ status: 'claimed', userId, claimedAt: now.toISOString(), erased: false });
  });

  describe("for an erased account's email (the claim's email reads ERASED)", () => {
    const erasedClaim = (): UserEmailClaimed => ({
      type: 'UserEmailClaimed',
      data: { userId: otherUserId, email: ERASED, claimedAt: now.toISOString() },
    });

    it('releases the old claim and grants the new one, in one append', () => {
      given([erasedClaim()])
        .when({ type: 'ClaimEmail', userId, email: 'ada@example.com', now })
        .then([
          { type: 'UserEmailReleased', data: { userId: otherUserId, reason: 'erased', releasedAt: now.toISOString() } },
          claimed(),
        ]);
    });

    it('folds to the new claimant, who is not erased, and refuses a third sign-up', () => {
      const events = emailClaimDecider.decide(
        { type: 'ClaimEmail', userId, email: 'ada@example.com', now },
        emailClaimDecider.evolve(emailClaimDecider.initialState, erasedClaim()),
      );
      given([erasedClaim(), ...events])
        .when({ type: 'ClaimEmail', userId: otherUserId, email: 'ada@example.com', now })
        .thenThrows('conflict');
      const state = [erasedClaim(), ...events].reduce(emailClaimDecider.evolve, emailClaimDecider.initialState);
      expect(state).toEqual({ status: 'claimed', userId, claimedAt: now.toISOString(), erased: false });
    });
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
    verification: { kind: 'link', verificationId },
    now,
    ...overrides,
  });
  const requested = (overrides: Partial<EmailVerificationRequested['data']> = {}): EmailVerificationRequested => ({
    type: 'EmailVerificationRequested',
    data: {
      userId,
      verificationId,
      email: 'ada@example.com',
      requestedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + DAY_MS).toISOString(),
      ...overrides,
    },
  });
  const registered = (overrides: Partial<UserRegistered['data']> = {}): UserRegistered =>
    registeredUser({ userId, registeredAt: now.toISOString(), ...overrides });

  describe('not yet registered', () => {
    it('registers with a password, email lower-cased, names trimmed, and asks for a link to the email', () => {
      given([]).when(register()).then([registered(), requested()]);
    });

    it('registers through OpenID Connect without names, keeping the picture', () => {
      given([])
        .when(register({ authProvider: 'oidc', firstName: null, lastName: '  ', profileImageUrl: 'https://idp.example/ada.png' }))
        .then([
          registered({ authProvider: 'oidc', firstName: null, lastName: null, profileImageUrl: 'https://idp.example/ada.png' }),
          requested(),
        ]);
    });

    it("takes a provider's email_verified as the email's verification", () => {
      given([])
        .when(register({ authProvider: 'oidc', verification: { kind: 'provider' } }))
        .then([
          registered({ authProvider: 'oidc' }),
          {
            type: 'UserEmailVerified',
            data: { userId, email: 'ada@example.com', verifiedAt: now.toISOString(), method: 'provider' },
          },
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

describe("a user's email verification", () => {
  const given = givenFor(userDecider);
  const registered = registeredUser({ userId, registeredAt: now.toISOString() });
  const requested = (id = verificationId, at = now, email = 'ada@example.com'): EmailVerificationRequested => ({
    type: 'EmailVerificationRequested',
    data: {
      userId,
      verificationId: id,
      email,
      requestedAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + DAY_MS).toISOString(),
    },
  });
  const byLink = (id = verificationId, at = now) => ({ type: 'VerifyEmailByLink' as const, userId, verificationId: id, now: at });
  const invalid = {
    code: 'gone' as const,
    message: EMAIL_VERIFICATION_LINK_INVALID_MESSAGE,
    errors: [{ field: 'token', message: EMAIL_VERIFICATION_LINK_INVALID_MESSAGE }],
  };
  const later = new Date(now.getTime() + 60_000);

  it('verifies the address the link was sent to, once', () => {
    const verified: UserEmailVerified = {
      type: 'UserEmailVerified',
      data: { userId, email: 'ada@example.com', verifiedAt: later.toISOString(), method: 'link', verificationId },
    };
    given([registered, requested()]).when(byLink(verificationId, later)).then([verified]);
    given([registered, requested(), verified]).when(byLink(verificationId, later)).thenThrows(invalid);
  });

  it('refuses an expired link, a superseded one, an unknown one and another account’s', () => {
    given([registered, requested()])
      .when(byLink(verificationId, new Date(now.getTime() + DAY_MS)))
      .thenThrows(invalid);
    given([registered, requested(), requested(laterVerificationId, later)])
      .when(byLink(verificationId, later))
      .thenThrows(invalid);
    given([registered, requested(), requested(laterVerificationId, later)])
      .when(byLink(laterVerificationId, later))
      .then([
        {
          type: 'UserEmailVerified',
          data: {
            userId,
            email: 'ada@example.com',
            verifiedAt: later.toISOString(),
            method: 'link',
            verificationId: laterVerificationId,
          },
        },
      ]);
    given([registered]).when(byLink()).thenThrows(invalid);
    given([registered, requested()])
      .when({ ...byLink(), userId: otherUserId })
      .thenThrows(invalid);
  });

  it('refuses the link of an erased account (its fields read ERASED), recording nothing', () => {
    const erased: UserRegistered = { ...registered, data: { ...registered.data, email: ERASED } };
    given([erased, requested(verificationId, now, ERASED)])
      .when(byLink(verificationId, later))
      .thenThrows(invalid);
  });

  it('sends a new link that supersedes the last, and none once the email is verified', () => {
    given([registered, requested()])
      .when({ type: 'RequestEmailVerification', userId, verificationId: laterVerificationId, now: later })
      .then([requested(laterVerificationId, later)]);
    const verified: UserEmailVerified = {
      type: 'UserEmailVerified',
      data: { userId, email: 'ada@example.com', verifiedAt: now.toISOString(), method: 'link', verificationId },
    };
    given([registered, requested(), verified])
      .when({ type: 'RequestEmailVerification', userId, verificationId: laterVerificationId, now: later })
      .thenThrows({ code: 'conflict', message: EMAIL_ALREADY_VERIFIED_MESSAGE });
  });

  it('is confirmed by staff, naming them, once', () => {
    const byStaff: UserEmailVerified = {
      type: 'UserEmailVerified',
      data: { userId, email: 'ada@example.com', verifiedAt: later.toISOString(), method: 'staff', verifiedBy: 'admin' },
    };
    given([registered, requested()])
      .when({ type: 'VerifyEmailByStaff', userId, verifiedBy: 'admin', now: later })
      .then([byStaff]);
    given([registered, byStaff]).when({ type: 'VerifyEmailByStaff', userId, verifiedBy: 'admin', now: later }).then([]);
    given([]).when({ type: 'VerifyEmailByStaff', userId, verifiedBy: 'admin', now: later }).thenThrows('not_found');
  });

  it('records a repeated sign-up without changing the account', () => {
    given([registered])
      .when({ type: 'RecordSignUpAttempt', userId, now })
      .then([{ type: 'ExistingAccountSignUpAttempted', data: { userId, attemptedAt: now.toISOString() } }]);
  });
});
