import type { DomainEventOf } from '@acres/contracts';
import { AUTH_PROVIDERS } from '@acres/contracts';
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
export type UserCommand = RegisterUser;

export type UserRegistered = DomainEventOf<'UserRegistered'>;
export type UserProfileUpdated = DomainEventOf<'UserProfileUpdated'>;
export type UserEvent = UserRegistered | UserProfileUpdated;

export type UserState =
  { status: 'none' } | { status: 'registered'; userId: string; email: string; authProvider: AuthProvider; registeredAt: string };

export const initialUserState: UserState = { status: 'none' };

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'registered',
        userId: event.data.userId,
        email: event.data.email,
        // Events from before the field existed were all built-in accounts.
        authProvider: event.data.authProvider ?? 'password',
        registeredAt: event.data.registeredAt,
      };
    case 'UserProfileUpdated':
      if (state.status !== 'registered' || event.data.email === undefined) return state;
      return { ...state, email: event.data.email };
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
  if (state.status === 'registered') throw new DomainError('conflict', USER_ALREADY_REGISTERED_MESSAGE);
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

export const decideUser = (command: UserCommand, state: UserState): UserEvent[] => {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    default:
      return assertNever(command.type, 'user command');
  }
};

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
