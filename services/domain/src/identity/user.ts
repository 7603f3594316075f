import type { DomainEventOf } from '@acres/contracts';
import { AUTH_PROVIDERS, PASSWORD_RESET_LINK_INVALID_MESSAGE, PASSWORD_RESET_TTL_MS } from '@acres/contracts';
import { ERASED } from '@acres/contracts/personal-data';
import { DomainError, type FieldError } from '@acres/contracts/errors';
import { assertNever, type Decider } from '../decider.ts';
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
  now: Date;
};
/** resetId is minted by the caller; the link carries it, signed, so it is never stored. */
export type RequestPasswordReset = { type: 'RequestPasswordReset'; userId: string; resetId: string; now: Date };
export type CompletePasswordReset = { type: 'CompletePasswordReset'; userId: string; resetId: string; now: Date };
export type UserCommand = RegisterUser | RequestPasswordReset | CompletePasswordReset;

export type UserRegistered = DomainEventOf<'UserRegistered'>;
export type UserProfileUpdated = DomainEventOf<'UserProfileUpdated'>;
export type PasswordResetRequested = DomainEventOf<'PasswordResetRequested'>;
export type PasswordResetCompleted = DomainEventOf<'PasswordResetCompleted'>;
export type UserEvent = UserRegistered | UserProfileUpdated | PasswordResetRequested | PasswordResetCompleted;

/** A reset link that may still be used: requested, not yet spent, until expiresAt. */
export type OutstandingReset = { resetId: string; expiresAt: string };

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

const registerUser = (command: RegisterUser, state: UserState): UserEvent[] => {
  validate(command);
  if (state.status !== 'none') throw new DomainError('conflict', USER_ALREADY_REGISTERED_MESSAGE);
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        email: command.email.trim().toLowerCase(),
        firstName: blankToNull(command.firstName),
        lastName: blankToNull(command.lastName),
        profileImageUrl: blankToNull(command.profileImageUrl),
        authProvider: command.authProvider,
        registeredAt: command.now.toISOString(),
      },
    },
  ];
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
        expiresAt: new Date(command.now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
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
  if (!reset || new Date(reset.expiresAt).getTime() <= command.now.getTime()) throw linkInvalid();
  return [
    {
      type: 'PasswordResetCompleted',
      data: { userId: command.userId, resetId: command.resetId, completedAt: command.now.toISOString() },
    },
  ];
};

export const decideUser = (command: UserCommand, state: UserState): UserEvent[] => {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'CompletePasswordReset':
      return completePasswordReset(command, state);
    default:
      return assertNever(command, 'user command');
  }
};

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
