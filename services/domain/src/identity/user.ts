import type { DomainEventOf } from '@acres/contracts';
import {
  AUTH_PROVIDERS,
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_VERIFICATION_LINK_INVALID_MESSAGE,
  EMAIL_VERIFICATION_TTL_MS,
  PASSWORD_RESET_LINK_INVALID_MESSAGE,
  PASSWORD_RESET_TTL_MS,
} from '@acres/contracts';
import { ERASED } from '@acres/contracts/personal-data';
import { DomainError, type FieldError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { expiryAfter, hasExpired } from '../link-expiry.ts';
import { throwIfInvalid } from '../validation.ts';

export const USER_ALREADY_REGISTERED_MESSAGE = 'This account is already registered';

export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export type RegisterUser = {
  type: 'RegisterUser';
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  authProvider: AuthProvider;
  /**
   * How the new account's email is shown to be its own: an OpenID provider asserting
   * email_verified, or else a link sent to it (verificationId, minted by the caller).
   */
  verification: { kind: 'provider' } | { kind: 'link'; verificationId: string };
  now: Date;
};
/** resetId is minted by the caller; the link carries it, signed, so it is never stored. */
export type RequestPasswordReset = { type: 'RequestPasswordReset'; userId: string; resetId: string; now: Date };
export type CompletePasswordReset = { type: 'CompletePasswordReset'; userId: string; resetId: string; now: Date };
/** A new link for the account's current email; every earlier one stops working. */
export type RequestEmailVerification = { type: 'RequestEmailVerification'; userId: string; verificationId: string; now: Date };
/** The link of verificationId was opened. */
export type VerifyEmailByLink = { type: 'VerifyEmailByLink'; userId: string; verificationId: string; now: Date };
/** A staff member confirmed the account's current email by hand. */
export type VerifyEmailByStaff = { type: 'VerifyEmailByStaff'; userId: string; verifiedBy: string; now: Date };
/** Someone signed up again with the account's email. */
export type RecordSignUpAttempt = { type: 'RecordSignUpAttempt'; userId: string; now: Date };
export type UserCommand =
  | RegisterUser
  | RequestPasswordReset
  | CompletePasswordReset
  | RequestEmailVerification
  | VerifyEmailByLink
  | VerifyEmailByStaff
  | RecordSignUpAttempt;

export type UserRegistered = DomainEventOf<'UserRegistered'>;
export type UserProfileUpdated = DomainEventOf<'UserProfileUpdated'>;
export type PasswordResetRequested = DomainEventOf<'PasswordResetRequested'>;
export type PasswordResetCompleted = DomainEventOf<'PasswordResetCompleted'>;
export type EmailVerificationRequested = DomainEventOf<'EmailVerificationRequested'>;
export type UserEmailVerified = DomainEventOf<'UserEmailVerified'>;
export type ExistingAccountSignUpAttempted = DomainEventOf<'ExistingAccountSignUpAttempted'>;
export type UserEvent =
  | UserRegistered
  | UserProfileUpdated
  | PasswordResetRequested
  | PasswordResetCompleted
  | EmailVerificationRequested
  | UserEmailVerified
  | ExistingAccountSignUpAttempted;

/** A reset link that may still be used: requested, not yet spent, until expiresAt. */
export type OutstandingReset = { resetId: string; expiresAt: string };

/** The confirmation link that may still be used: the latest requested, not yet opened, until expiresAt. */
export type OutstandingEmailVerification = { verificationId: string; email: string; expiresAt: string };

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      authProvider: AuthProvider;
      registeredAt: string;
      /** Oldest first. A completed reset spends them all: the password they were for has changed. */
      outstandingResets: readonly OutstandingReset[];
      /** Every address the account has shown it owns, lower-cased; kept when the email changes. */
      verifiedEmails: readonly string[];
      /** At most one: a new request supersedes the last, and a verification spends it. */
      outstandingVerification: OutstandingEmailVerification | null;
    }
  /**
   * The account's personal data was erased (its key destroyed, so its email reads as ERASED):
   * every link it had is void and nothing more happens on it. A new sign-up is a new account.
   */
  | { status: 'erased'; userId: string };

export const initialUserState: UserState = { status: 'none' };

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
  switch (event.type) {
    case 'UserRegistered':
      if (event.data.email === ERASED) return { status: 'erased', userId: event.data.userId };
      return {
        status: 'registered',
        userId: event.data.userId,
        email: event.data.email,
        // Events from before the field existed were all built-in accounts.
        authProvider: event.data.authProvider ?? 'password',
        registeredAt: event.data.registeredAt,
        outstandingResets: [],
        verifiedEmails: [],
        outstandingVerification: null,
      };
    case 'UserProfileUpdated':
      if (state.status !== 'registered' || event.data.email === undefined) return state;
      if (event.data.email === ERASED) return { status: 'erased', userId: state.userId };
      return { ...state, email: event.data.email };
    case 'PasswordResetRequested':
      if (state.status !== 'registered') return state;
      return {
        ...state,
        outstandingResets: [...state.outstandingResets, { resetId: event.data.resetId, expiresAt: event.data.expiresAt }],
      };
    case 'PasswordResetCompleted':
      // Every link asked for before this one is spent with it: events on one stream are in order.
      return state.status === 'registered' ? { ...state, outstandingResets: [] } : state;
    case 'EmailVerificationRequested': {
      if (state.status !== 'registered') return state;
      const { verificationId, email, expiresAt } = event.data;
      return { ...state, outstandingVerification: { verificationId, email, expiresAt } };
    }
    case 'UserEmailVerified': {
      if (state.status !== 'registered') return state;
      const email = event.data.email.toLowerCase();
      return {
        ...state,
        verifiedEmails: state.verifiedEmails.includes(email) ? state.verifiedEmails : [...state.verifiedEmails, email],
        outstandingVerification: null,
      };
    }
    case 'ExistingAccountSignUpAttempted':
      return state;
    default:
      return assertNever(event, 'user event');
  }
};

const blankToNull = (value: string | null) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const validate = (command: RegisterUser) => {
  const errors: FieldError[] = [];
  const email = command.email.trim();
  if (email === '' || !email.includes('@')) errors.push({ field: 'email', message: 'Valid email is required' });
  // Built-in sign-up asks for both names; a provider may not share them.
  if (command.authProvider === 'password') {
    if (!blankToNull(command.firstName)) errors.push({ field: 'firstName', message: 'First name is required' });
    if (!blankToNull(command.lastName)) errors.push({ field: 'lastName', message: 'Last name is required' });
  }
  throwIfInvalid(errors);
};

const verificationRequested = (options: {
  userId: string;
  verificationId: string;
  email: string;
  now: Date;
}): EmailVerificationRequested => ({
  type: 'EmailVerificationRequested',
  data: {
    userId: options.userId,
    verificationId: options.verificationId,
    email: options.email,
    requestedAt: options.now.toISOString(),
    expiresAt: expiryAfter(options.now, EMAIL_VERIFICATION_TTL_MS),
  },
});

/** The account, then how its email is to be shown its own: the provider's word now, or a link. */
const registerUser = (command: RegisterUser, state: UserState): UserEvent[] => {
  validate(command);
  if (state.status !== 'none') throw new DomainError('conflict', USER_ALREADY_REGISTERED_MESSAGE);
  const email = command.email.trim().toLowerCase();
  const now = command.now.toISOString();
  const { verification } = command;
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        email,
        firstName: blankToNull(command.firstName),
        lastName: blankToNull(command.lastName),
        profileImageUrl: blankToNull(command.profileImageUrl),
        authProvider: command.authProvider,
        registeredAt: now,
      },
    },
    verification.kind === 'provider'
      ? { type: 'UserEmailVerified', data: { userId: command.userId, email, verifiedAt: now, method: 'provider' } }
      : verificationRequested({ userId: command.userId, verificationId: verification.verificationId, email, now: command.now }),
  ];
};

const noSuchAccount = () => new DomainError('not_found', 'No such account');

/** The registered account of the command, not erased (an erased account's email reads ERASED). */
const liveAccount = (state: UserState, userId: string) => {
  if (state.status !== 'registered' || state.userId !== userId || state.email === ERASED) return null;
  return state;
};

const requestEmailVerification = (command: RequestEmailVerification, state: UserState): UserEvent[] => {
  const account = liveAccount(state, command.userId);
  if (!account) throw noSuchAccount();
  if (account.verifiedEmails.includes(account.email)) throw new DomainError('conflict', EMAIL_ALREADY_VERIFIED_MESSAGE);
  return [verificationRequested({ ...command, email: account.email })];
};

const verificationLinkInvalid = () =>
  new DomainError('gone', EMAIL_VERIFICATION_LINK_INVALID_MESSAGE, [
    { field: 'token', message: EMAIL_VERIFICATION_LINK_INVALID_MESSAGE },
  ]);

/**
 * The latest link, within its 24 hours, once: unknown, expired, used, superseded links and
 * those of an erased account get one answer. It proves the address it was sent to.
 */
const verifyEmailByLink = (command: VerifyEmailByLink, state: UserState): UserEvent[] => {
  const account = liveAccount(state, command.userId);
  const outstanding = account?.outstandingVerification;
  if (!account || !outstanding || outstanding.verificationId !== command.verificationId) throw verificationLinkInvalid();
  if (outstanding.email === ERASED || hasExpired(outstanding.expiresAt, command.now)) throw verificationLinkInvalid();
  return [
    {
      type: 'UserEmailVerified',
      data: {
        userId: command.userId,
        email: outstanding.email,
        verifiedAt: command.now.toISOString(),
        method: 'link',
        verificationId: outstanding.verificationId,
      },
    },
  ];
};

/** Staff confirm the current email; confirming an address already confirmed records nothing again. */
const verifyEmailByStaff = (command: VerifyEmailByStaff, state: UserState): UserEvent[] => {
  const account = liveAccount(state, command.userId);
  if (!account) throw noSuchAccount();
  if (account.verifiedEmails.includes(account.email)) return [];
  return [
    {
      type: 'UserEmailVerified',
      data: {
        userId: command.userId,
        email: account.email,
        verifiedAt: command.now.toISOString(),
        method: 'staff',
        verifiedBy: command.verifiedBy,
      },
    },
  ];
};

const recordSignUpAttempt = (command: RecordSignUpAttempt, state: UserState): UserEvent[] => {
  if (!liveAccount(state, command.userId)) throw noSuchAccount();
  return [{ type: 'ExistingAccountSignUpAttempted', data: { userId: command.userId, attemptedAt: command.now.toISOString() } }];
};

const linkInvalid = () =>
  new DomainError('gone', PASSWORD_RESET_LINK_INVALID_MESSAGE, [
    { field: 'token', message: PASSWORD_RESET_LINK_INVALID_MESSAGE },
  ]);

/** Anyone may ask for the account's email: no check beyond the account existing. */
const requestPasswordReset = (command: RequestPasswordReset, state: UserState): UserEvent[] => {
  if (state.status !== 'registered' || state.userId !== command.userId) {
    throw new DomainError('not_found', 'No such account');
  }
  return [
    {
      type: 'PasswordResetRequested',
      data: {
        userId: command.userId,
        resetId: command.resetId,
        requestedAt: command.now.toISOString(),
        expiresAt: expiryAfter(command.now, PASSWORD_RESET_TTL_MS),
      },
    },
  ];
};

/**
 * A link works once, within its hour, and not after any later reset: unknown, expired,
 * used and superseded links get one and the same answer, so it tells an attacker nothing.
 */
const completePasswordReset = (command: CompletePasswordReset, state: UserState): UserEvent[] => {
  if (state.status !== 'registered' || state.userId !== command.userId) throw linkInvalid();
  const reset = state.outstandingResets.find((outstanding) => outstanding.resetId === command.resetId);
  if (!reset || hasExpired(reset.expiresAt, command.now)) throw linkInvalid();
  return [
    {
      type: 'PasswordResetCompleted',
      data: { userId: command.userId, resetId: command.resetId, completedAt: command.now.toISOString() },
    },
  ];
};

export const userDecider = createDecider<UserCommand, UserEvent, UserState>(initialUserState, evolveUser, {
  RegisterUser: registerUser,
  RequestPasswordReset: requestPasswordReset,
  CompletePasswordReset: completePasswordReset,
  RequestEmailVerification: requestEmailVerification,
  VerifyEmailByLink: verifyEmailByLink,
  VerifyEmailByStaff: verifyEmailByStaff,
  RecordSignUpAttempt: recordSignUpAttempt,
});

export const decideUser = userDecider.decide;
