import { EMAIL_TAKEN_MESSAGE, parseEvent, type AuthUser, type DomainEvent } from '@acres/contracts';
import { emailClaimDecider, foldEvents, userDecider, type AuthProvider, type UserEvent } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import { DomainError } from '@acres/contracts/errors';
import { isDomainError } from '@acres/platform/errors';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';
import { normaliseEmail } from '../commands/ids.ts';
import { deleteCredentials, reserveCredentials, STALE_RESERVATION_SECONDS } from './credentials.ts';
import { userEmailStreamId, userStreamId } from './streams.ts';

export type AccountDeps = { eventStore: EventStore; addressDigest: AddressDigest; pool: Pool; newId: () => string };

type ClaimReader = { eventStore: EventStore; addressDigest: AddressDigest };

export type NewAccount = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  authProvider: AuthProvider;
  /** The scrypt hash, or NO_PASSWORD for a provider account. */
  passwordHash: string;
};

const emailTaken = () => new DomainError('conflict', EMAIL_TAKEN_MESSAGE, [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }]);

type ProfileEvent = Extract<UserEvent, { type: 'UserRegistered' | 'UserProfileUpdated' }>;

const applyUserEvent = (user: AuthUser | null, event: ProfileEvent): AuthUser | null => {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      id: d.userId,
      email: d.email,
      firstName: d.firstName,
      lastName: d.lastName,
      profileImageUrl: d.profileImageUrl,
      createdAt: d.registeredAt,
      updatedAt: d.registeredAt,
    };
  }
  if (!user) return null;
  const d = event.data;
  return {
    ...user,
    email: d.email ?? user.email,
    firstName: d.firstName,
    lastName: d.lastName,
    profileImageUrl: d.profileImageUrl,
    updatedAt: d.updatedAt,
  };
};

const isProfileEvent = (event: DomainEvent): event is ProfileEvent =>
  event.type === 'UserRegistered' || event.type === 'UserProfileUpdated';

/** The user's profile as SPEC 3 shows it, folded from user-{id}; null when not registered. */
export const readUserProfile = async (
  eventStore: EventStore,
  userId: string,
): Promise<{ user: AuthUser; position: bigint } | null> => {
  const recorded = await eventStore.readStream(userStreamId(userId));
  const user = recorded
    .map((event) => parseEvent(event.type, event.data))
    .filter(isProfileEvent)
    .reduce<AuthUser | null>(applyUserEvent, null);
  const last = recorded[recorded.length - 1];
  return user && last ? { user, position: last.globalPosition } : null;
};

type Claim = { userId: string; claimedAt: Date };

const readClaim = async (deps: ClaimReader, email: string): Promise<Claim | null> => {
  const recorded = await deps.eventStore.readStream(userEmailStreamId(deps.addressDigest, email));
  const state = foldEvents(
    emailClaimDecider,
    recorded.map((e) => parseEvent('UserEmailClaimed', e.data)),
  );
  return state.status === 'claimed' ? { userId: state.userId, claimedAt: new Date(state.claimedAt) } : null;
};

/** The registered account that owns email, if any. */
export const findAccountByEmail = async (deps: ClaimReader, email: string) => {
  const claim = await readClaim(deps, email);
  if (!claim) return null;
  return readUserProfile(deps.eventStore, claim.userId);
};

/**
 * Claims the email (user-email-{hash}, no_stream: of any number of racing sign-ups
 * exactly one gets past this), then writes the credentials row, then UserRegistered on
 * user-{id}. Nothing is written when the claim fails.
 *
 * The steps span two stores, so a crash between them can leave a claim without an
 * account. Such a claim, once older than STALE_RESERVATION_SECONDS, is completed by
 * the next sign-up for that email instead of blocking the address forever; the
 * credentials row's atomic take-over makes sure only one sign-up completes it.
 */
export const registerAccount = async (
  deps: AccountDeps,
  input: NewAccount,
  context: CommandContext,
): Promise<{ user: AuthUser; position: bigint }> => {
  const email = normaliseEmail(input.email);
  let userId = deps.newId();
  try {
    await handleCommand({
      eventStore: deps.eventStore,
      decider: emailClaimDecider,
      streamId: userEmailStreamId(deps.addressDigest, email),
      command: { type: 'ClaimEmail', userId, email, now: context.now },
      context: { ...context, actor: { kind: 'user', id: userId }, idempotency: null },
      newEventId: deps.newId,
      toResult: () => null,
    });
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'conflict') throw error;
    const claim = await readClaim(deps, email);
    const stalled =
      claim !== null &&
      claim.claimedAt.getTime() < context.now.getTime() - STALE_RESERVATION_SECONDS * 1000 &&
      (await readUserProfile(deps.eventStore, claim.userId)) === null;
    if (!claim || !stalled) throw emailTaken();
    userId = claim.userId;
  }

  const reserved = await reserveCredentials(deps.pool, { userId, emailLower: email, passwordHash: input.passwordHash });
  if (reserved === 'taken') throw emailTaken();

  try {
    const outcome = await handleCommand({
      eventStore: deps.eventStore,
      decider: userDecider,
      streamId: userStreamId(userId),
      command: {
        type: 'RegisterUser',
        userId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        profileImageUrl: input.profileImageUrl,
        authProvider: input.authProvider,
        now: context.now,
      },
      context: { ...context, actor: { kind: 'user', id: userId }, idempotency: null },
      newEventId: deps.newId,
      toResult: (events, position) => ({
        user: events.filter(isProfileEvent).reduce<AuthUser | null>(applyUserEvent, null),
        position,
      }),
    });
    const { user, position } = outcome.result;
    if (!user) throw new Error(`RegisterUser for ${userId} produced no UserRegistered`);
    return { user, position };
  } catch (error) {
    // Without UserRegistered the row would be a password for an account that does not exist.
    await deleteCredentials(deps.pool, userId).catch(() => {});
    if (isDomainError(error) && error.code === 'conflict') throw emailTaken();
    throw error;
  }
};
