import { parse as parseUuid, stringify as stringifyUuid } from 'uuid';
import { readSignedToken, signToken } from './signed-token.ts';

/*
 * The token of the link that confirms an account's email: verificationId (16 bytes) then
 * userId (16 bytes), signed with the link signing secret under its own context, so neither a
 * password reset's nor an unsubscribe link's token passes for it. Nothing of it is stored: the
 * notifier mints it from EmailVerificationRequested, the command API reads it back, and the user
 * aggregate decides whether that link may still be used (the latest, unused, within 24 hours).
 */
const CONTEXT = 'email-verification';
const UUID_BYTES = 16;

export type EmailVerificationTokenBody = { verificationId: string; userId: string };

export const mintEmailVerificationToken = (options: EmailVerificationTokenBody & { secret: string }): string =>
  signToken({
    secret: options.secret,
    context: CONTEXT,
    body: Buffer.concat([Buffer.from(parseUuid(options.verificationId)), Buffer.from(parseUuid(options.userId))]),
  });

/** The ids a genuine token carries, or null for anything else (forged, truncated, another purpose). */
export const readEmailVerificationToken = (options: { secret: string; token: string }): EmailVerificationTokenBody | null => {
  const body = readSignedToken({ secret: options.secret, context: CONTEXT, token: options.token });
  if (!body || body.length !== 2 * UUID_BYTES) return null;
  return {
    verificationId: stringifyUuid(body.subarray(0, UUID_BYTES)),
    userId: stringifyUuid(body.subarray(UUID_BYTES)),
  };
};
