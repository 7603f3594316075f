import { createIdPairToken } from './id-pair-token.ts';

/*
 * The password reset link's token: resetId then userId. The notifier mints it from
 * PasswordResetRequested, the command API reads it back, and the user aggregate decides
 * whether that reset may still be used.
 */
export type PasswordResetTokenBody = { resetId: string; userId: string };

const token = createIdPairToken({ context: 'password-reset', idKey: 'resetId' });

export const mintPasswordResetToken = token.mint;
export const readPasswordResetToken = token.read;
