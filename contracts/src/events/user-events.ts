import { z } from 'zod';
import { EventTimestampSchema } from './metadata.ts';

export const AUTH_PROVIDERS = ['password', 'oidc'] as const;

export const UserRegisteredDataSchema = z.object({
  userId: z.uuid(),
  email: z.string().min(1),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  authProvider: z.enum(AUTH_PROVIDERS).optional(),
  registeredAt: EventTimestampSchema,
});
export type UserRegisteredData = z.infer<typeof UserRegisteredDataSchema>;

export const UserProfileUpdatedDataSchema = z.object({
  userId: z.uuid(),
  email: z.string().min(1).optional(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  updatedAt: EventTimestampSchema,
});
export type UserProfileUpdatedData = z.infer<typeof UserProfileUpdatedDataSchema>;

/**
 * The first and only event of `user-email-{sha256(email)}`: appended with no_stream,
 * so one email can be claimed by one account, however many sign-ups race.
 */
export const UserEmailClaimedDataSchema = z.object({
  userId: z.uuid(),
  email: z.string().min(1),
  claimedAt: EventTimestampSchema,
});
export type UserEmailClaimedData = z.infer<typeof UserEmailClaimedDataSchema>;

/**
 * On user-{id}: someone asked for a password reset link for this account's email. No
 * token and no address here: the notifier mints the link from resetId and userId with the
 * link signing secret, and the address book gives it the email.
 */
export const PasswordResetRequestedDataSchema = z.object({
  userId: z.uuid(),
  resetId: z.uuid(),
  requestedAt: EventTimestampSchema,
  /** requestedAt + 1 hour: the link is refused from this moment on. */
  expiresAt: EventTimestampSchema,
});
export type PasswordResetRequestedData = z.infer<typeof PasswordResetRequestedDataSchema>;

/**
 * On user-{id}: the link of resetId set a new password. It spends that link and every
 * older one still outstanding. The new hash is not here: password hashes live in the
 * credentials table, outside the log, so they can be deleted (DESIGN 4).
 */
export const PasswordResetCompletedDataSchema = z.object({
  userId: z.uuid(),
  resetId: z.uuid(),
  completedAt: EventTimestampSchema,
});
export type PasswordResetCompletedData = z.infer<typeof PasswordResetCompletedDataSchema>;
