// Email ownership (issue 24, item 1). An account is made on any typed email, but the records
// made elsewhere with that email (leads, applications, messages) become the account's only once
// it shows it owns the address: the link sent to it is opened, a staff member checks it by hand,
// or an OpenID provider vouches for it. The user aggregate decides; this module loads, appends
// and answers. The link's token is minted by the notifier and never stored.

import { EMAIL_VERIFICATION_LINK_INVALID_MESSAGE, parseEvent } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { foldEvents, userDecider, type UserEvent } from '@acres/domain';
import { readEmailVerificationToken } from '@acres/platform/signing';
import type { CommandContext } from '../commands/handle-command.ts';
import { readUserProfile } from './accounts.ts';
import type { IdentityDeps } from './deps.ts';
import { userStreamId } from './streams.ts';
import { decideOnAccount } from './account-command.ts';

const linkInvalid = () =>
  new DomainError('gone', EMAIL_VERIFICATION_LINK_INVALID_MESSAGE, [
    { field: 'token', message: EMAIL_VERIFICATION_LINK_INVALID_MESSAGE },
  ]);

/**
 * Decides on the link without spending it: a dead link (410) is told before the person is asked
 * for the account's password, which a live one needs from a browser not signed in to it.
 */
export const checkEmailVerificationLink = async (
  deps: IdentityDeps,
  options: { userId: string; verificationId: string; now: Date },
) => {
  const recorded = await deps.eventStore.readStream(userStreamId(options.userId));
  const state = foldEvents(
    userDecider,
    recorded.map((event) => parseEvent(event.type, event.data) as UserEvent),
  );
  userDecider.decide({ type: 'VerifyEmailByLink', ...options }, state);
};

/**
 * Spends the link: the aggregate refuses a forged, unknown, expired, used or superseded link,
 * and an erased account's, with one message (410), recording nothing. Answers the account, to
 * sign its owner in.
 */
export const verifyEmailByLink = async (
  deps: IdentityDeps & { linkSigningSecret: string },
  options: { token: string; context: CommandContext },
) => {
  const ids = readEmailVerificationToken({ secret: deps.linkSigningSecret, token: options.token });
  if (!ids) throw linkInvalid();
  const { userId, verificationId } = ids;
  const position = await decideOnAccount(
    deps,
    { type: 'VerifyEmailByLink', userId, verificationId, now: options.context.now },
    { context: options.context, actor: { kind: 'user', id: userId } },
  );
  const profile = await readUserProfile(deps.eventStore, ids.userId);
  if (!profile) throw linkInvalid();
  return { user: profile.user, position };
};

/** A new link for the signed-in account's current email; the aggregate supersedes the older ones. */
export const requestEmailVerification = async (deps: IdentityDeps, options: { userId: string; context: CommandContext }) => {
  const { userId, context } = options;
  const command = { type: 'RequestEmailVerification', userId, verificationId: deps.newId(), now: context.now } as const;
  await decideOnAccount(deps, command, { context, actor: { kind: 'user', id: userId } });
};

/**
 * A staff member confirms the account's current email by hand (the install sends no email, or
 * the person showed it some other way). Confirming it twice records it once.
 */
export const verifyEmailByStaff = async (
  deps: Pick<IdentityDeps, 'eventStore' | 'newId'>,
  options: { userId: string; verifiedBy: string; context: CommandContext },
) => {
  const { userId, verifiedBy, context } = options;
  const result = await decideOnAccount(
    deps,
    { type: 'VerifyEmailByStaff', userId, verifiedBy, now: context.now },
    { context, actor: { kind: 'admin', id: verifiedBy } },
  );
  const profile = await readUserProfile(deps.eventStore, options.userId);
  if (!profile) throw new DomainError('not_found', 'No such account');
  return { user: profile.user, position: result > 0n ? result : profile.position };
};
