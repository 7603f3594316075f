// Sign-up (issue 24, item 1 and finding 9): one answer whatever the email, so it tells a visitor
// nothing about who has an account here. The address's owner learns what happened by email:
// a new account gets a link to confirm the address; an existing account's owner gets a note
// that they already have an account, and that account does not change; an erased account's
// address is released and taken by the new account, which sees nothing of the old one.

import type { FastifyBaseLogger } from 'fastify';
import { isDomainError } from '@acres/platform/errors';
import type { FailureThrottle } from '@acres/platform/throttle/failure-throttle';
import type { CommandContext } from '../commands/handle-command.ts';
import { normaliseEmail } from '../commands/ids.ts';
import { findAccountByEmail, registerAccount } from './accounts.ts';
import type { IdentityDeps } from './deps.ts';
import { hashPassword } from './passwords.ts';
import { decideOnAccount } from './account-command.ts';

export type SignUpInput = { email: string; password: string; firstName: string; lastName: string };

/** What happened, for the log only: the client's answer must not depend on it. */
export type SignUpOutcome = 'registered' | 'existing-account-told' | 'existing-account-throttled' | 'claim-in-flight';

/**
 * Tells an existing account's owner that someone signed up with their email, at most as often
 * as the email throttle lets (per address and client address): a sign-up form must not become a
 * way to flood someone's inbox.
 */
const tellOwner = async (
  deps: IdentityDeps & { emailThrottle: FailureThrottle },
  options: { userId: string; email: string; clientAddress: string; context: CommandContext },
): Promise<SignUpOutcome> => {
  const outcome = await deps.emailThrottle.attempt({ account: options.email, address: options.clientAddress }, async () => {
    const command = { type: 'RecordSignUpAttempt', userId: options.userId, now: options.context.now } as const;
    try {
      await decideOnAccount(deps, command, { context: options.context });
    } catch (error) {
      // Out-raced on the account's stream by other sign-ups of this email: one of them tells the
      // owner, and this answer must not differ from theirs.
      if (!isDomainError(error) || error.code !== 'conflict') throw error;
    }
    // Every message counts against the limit, as the password reset's requests do.
    return null;
  });
  return outcome.kind === 'blocked' ? 'existing-account-throttled' : 'existing-account-told';
};

export const signUp = async (
  deps: IdentityDeps & { emailThrottle: FailureThrottle },
  options: { input: SignUpInput; clientAddress: string; context: CommandContext; log: FastifyBaseLogger },
): Promise<SignUpOutcome> => {
  const { input, context } = options;
  const email = normaliseEmail(input.email);
  // First and whatever the email: the hash is most of the answer's time, so every path pays it.
  const passwordHash = await hashPassword(input.password);
  try {
    const { user } = await registerAccount(
      deps,
      {
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        profileImageUrl: null,
        authProvider: 'password',
        passwordHash,
      },
      context,
    );
    options.log.info({ userId: user.id }, 'user signed up');
    return 'registered';
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'conflict') throw error;
  }
  const owner = await findAccountByEmail(deps, email);
  // A claim without its account yet: another sign-up of this email is half way (or stalled).
  if (!owner) return 'claim-in-flight';
  return tellOwner(deps, { userId: owner.user.id, email, clientAddress: options.clientAddress, context });
};
