import { parse as parseUuid, stringify as stringifyUuid } from 'uuid';
import { readSignedToken, signToken } from './signed-token.ts';

/*
 * The password reset link's token: resetId (16 bytes) then userId (16 bytes), signed with
 * the link signing secret under its own context. Nothing of it is stored: the notifier
 * mints it from PasswordResetRequested, the command API reads it back, and the user
 * aggregate decides whether that reset may still be used.
 */
const CONTEXT = 'password-reset';
const UUID_BYTES = 16;

export type PasswordResetTokenBody = { resetId: string; userId: string };

export const mintPasswordResetToken = (options: PasswordResetTokenBody & { secret: string }): string =>
  signToken({
    secret: options.secret,
    context: CONTEXT,
    body: Buffer.concat([Buffer.from(parseUuid(options.resetId)), Buffer.from(parseUuid(options.userId))]),
  });

/** The ids a genuine token carries, or null for anything else (forged, truncated, another purpose). */
export const readPasswordResetToken = (options: { secret: string; token: string }): PasswordResetTokenBody | null => {
  const body = readSignedToken({ secret: options.secret, context: CONTEXT, token: options.token });
  if (!body || body.length !== 2 * UUID_BYTES) return null;
  return {
    resetId: stringifyUuid(body.subarray(0, UUID_BYTES)),
    userId: stringifyUuid(body.subarray(UUID_BYTES)),
  };
};
