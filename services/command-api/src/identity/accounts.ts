import { EMAIL_TAKEN_MESSAGE, parseEvent, type AuthUser, type DomainEvent } from '@acres/contracts';
import {
  emailClaimDecider,
  foldEvents,
  userDecider,
  type AuthProvider,
  type EmailClaimEvent,
  type RegisterUser,
  type UserEvent,
} from '@acres/domain';
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
  /** The provider's word that the email is the person's (email_verified), or a link to send (the default). */
  emailVerifiedByProvider?: boolean;
};

const emailTaken = () => new DomainError('conflict', EMAIL_TAKEN_MESSAGE, [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }]);

type ProfileEvent = Extract<UserEvent, { type: 'UserRegistered' | 'UserProfileUpdated' | 'UserEmailVerified' }>;

/** The profile, with the addresses verified so far (emailVerified: the current one is among them). */
type Folded = { user: AuthUser; verified: readonly string[] };

const withVerified = (user: AuthUser, verified: readonly string[]): Folded => ({
  user: { ...user, emailVerified: verified.includes(user.email.toLowerCase()) },
  verified,
});

const applyUserEvent = (folded: Folded | null, event: ProfileEvent): Folded | null => {
  if (event.type === 'UserEmailVerified') {
    return folded ? withVerified(folded.user, [...folded.verified, event.data.email.toLowerCase()]) : null;
  }
  if (event.type === 'UserRegistered') {
    const d = event.data;
    const user: AuthUser = {
      id: d.userId,
      email: d.email,
      firstName: d.firstName,
      lastName: d.lastName,
      profileImageUrl: d.profileImageUrl,
      createdAt: d.registeredAt,
      updatedAt: d.registeredAt,
      emailVerified: false,
    };
    return withVerified(user, []);
  }
  if (!folded) return null;
  const d = event.data;
  const user = {
    ...folded.user,
    email: d.email ?? folded.user.email,
    firstName: d.firstName,
    lastName: d.lastName,
    profileImageUrl: d.profileImageUrl,
    updatedAt: d.updatedAt,
  };
  return withVerified(user, folded.verified);
};

const isProfileEvent = (event: DomainEvent): event is ProfileEvent =>
  event.type === 'UserRegistered' || event.type === 'UserProfileUpdated' || event.type === 'UserEmailVerified';

const foldProfile = (events: readonly DomainEvent[]): AuthUser | null =>
  events.filter(isProfileEvent).reduce<Folded | null>(applyUserEvent, null)?.user ?? null;

/** The user's profile as SPEC 3 shows it, folded from user-{id}; null when not registered. */
export const readUserProfile = async (
  eventStore: EventStore,
  userId: string,
): Promise<{ user: AuthUser; position: bigint } | null> => {
  const recorded = await eventStore.readStream(userStreamId(userId));
  const user = foldProfile(recorded.map((event) => parseEvent(event.type, event.data)));
  const last = recorded[recorded.length - 1];
  return user && last ? { user, position: last.globalPosition } : null;
};

type Claim = { userId: string; claimedAt: Date; erased: boolean };

const readClaim = async (deps: ClaimReader, email: string): Promise<Claim | null> => {
  const recorded = await deps.eventStore.readStream(userEmailStreamId(deps.addressDigest, email));
  const state = foldEvents(
    emailClaimDecider,
    recorded.map((e) => parseEvent(e.type, e.data) as EmailClaimEvent),
  );
  return state.status === 'claimed' ? { userId: state.userId, claimedAt: new Date(state.claimedAt), erased: state.erased } : null;
};

/** The registered account that owns email, if any: an erased account owns nothing any more. */
export const findAccountByEmail = async (deps: ClaimReader, email: string) => {
  const claim = await readClaim(deps, email);
  if (!claim || claim.erased) return null;
  return readUserProfile(deps.eventStore, claim.userId);
};

/**
 * Claims the email (user-email-{hash}, at the revision read: of any number of racing sign-ups
 * exactly one gets past this; an erased account's claim is released and taken), then writes
 * the credentials row, then UserRegistered on user-{id} with either the provider's word that
 * the email is verified or a request for a link to it. Nothing is written when the claim fails
 * (EMAIL_TAKEN_MESSAGE, which sign-up turns into its one answer).
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
        verification: input.emailVerifiedByProvider ? { kind: 'provider' } : { kind: 'link', verificationId: deps.newId() },
        now: context.now,
      } satisfies RegisterUser,
      context: { ...context, actor: { kind: 'user', id: userId }, idempotency: null },
      newEventId: deps.newId,
      toResult: (events, position) => ({ user: foldProfile(events), position }),
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
