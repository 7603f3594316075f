// Password reset for the built-in sign-in (issue 13, item 5). The user aggregate decides
// whether a reset may be asked for and whether a link may still be used; this module loads
// and appends, then writes the new hash to the credentials table (hashes stay out of the
// log, DESIGN 4) and ends the account's sessions.

import { PASSWORD_RESET_LINK_INVALID_MESSAGE } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { withTransaction } from '@acres/platform/db';
import { isDomainError } from '@acres/platform/errors';
import { endSessionsOfUser } from '@acres/platform/sessions';
import { readPasswordResetToken } from '@acres/platform/signing';
import type { CommandContext } from '../commands/handle-command.ts';
import { findAccountByEmail } from './accounts.ts';
import { replacePasswordHash } from './credentials.ts';
import type { IdentityDeps } from './deps.ts';
import { hashPassword } from './passwords.ts';
import { decideOnAccount } from './account-command.ts';

const linkInvalid = () =>
  new DomainError('gone', PASSWORD_RESET_LINK_INVALID_MESSAGE, [
    { field: 'token', message: PASSWORD_RESET_LINK_INVALID_MESSAGE },
  ]);

/**
 * Appends PasswordResetRequested when email belongs to an account; answers whether it
 * did, for the log only (the client's answer must not depend on it).
 */
export const requestPasswordReset = async (
  deps: IdentityDeps,
  options: { email: string; context: CommandContext },
): Promise<boolean> => {
  const account = await findAccountByEmail(deps, options.email);
  if (!account) return false;
  const userId = account.user.id;
  try {
    const command = { type: 'RequestPasswordReset', userId, resetId: deps.newId(), now: options.context.now } as const;
    await decideOnAccount(deps, command, { context: options.context });
  } catch (error) {
    // An erased account still holds its email's claim: it answers as an unknown email does.
    if (isDomainError(error) && error.code === 'not_found') return false;
    throw error;
  }
  return true;
};

/**
 * Spends the link and sets the new password: the aggregate refuses a forged, unknown,
 * expired, used or superseded link with one message. The new hash and the end of every
 * session of the account commit together, after the event (a crash between them leaves
 * the old password working and the link spent: the person asks for another link).
 */
export const completePasswordReset = async (
  deps: IdentityDeps & { linkSigningSecret: string },
  options: { token: string; password: string; context: CommandContext },
): Promise<{ userId: string; sessionsEnded: number }> => {
  const ids = readPasswordResetToken({ secret: deps.linkSigningSecret, token: options.token });
  if (!ids) throw linkInvalid();
  // Only after the signature: a made-up token must not make the server hash anything.
  const passwordHash = await hashPassword(options.password);
  await decideOnAccount(
    deps,
    { type: 'CompletePasswordReset', userId: ids.userId, resetId: ids.resetId, now: options.context.now },
    { context: options.context, actor: { kind: 'user', id: ids.userId } },
  );
  const sessionsEnded = await withTransaction(deps.pool, async (client) => {
    if (!(await replacePasswordHash(client, { userId: ids.userId, passwordHash }))) {
      throw new Error(`password reset for ${ids.userId}: the account has no credentials row`);
    }
    return endSessionsOfUser(client, ids.userId);
  });
  return { userId: ids.userId, sessionsEnded };
};
