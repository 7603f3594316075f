import { createIdPairToken } from './id-pair-token.ts';

/*
 * The token of the link that confirms an account's email: verificationId then userId, under
 * its own context, so neither a password reset's nor an unsubscribe link's token passes for it.
 * The notifier mints it from EmailVerificationRequested, the command API reads it back, and the
 * user aggregate decides whether that link may still be used (the latest, unused, within 24 hours).
 */
export type EmailVerificationTokenBody = { verificationId: string; userId: string };

const token = createIdPairToken({ context: 'email-verification', idKey: 'verificationId' });

export const mintEmailVerificationToken = token.mint;
export const readEmailVerificationToken = token.read;
