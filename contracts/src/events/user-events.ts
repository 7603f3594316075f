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

/**
 * On user-email-{hash}: the account that claimed this email has been erased (its key is
 * destroyed, so the claim's email reads ERASED), and a new sign-up takes the address. Always
 * followed in the same append by that sign-up's UserEmailClaimed. The erased account's id only.
 */
export const UserEmailReleasedDataSchema = z.object({
  userId: z.uuid(),
  reason: z.literal('erased'),
  releasedAt: EventTimestampSchema,
});
export type UserEmailReleasedData = z.infer<typeof UserEmailReleasedDataSchema>;

/**
 * On user-{id}: a link to confirm the account's email was issued for `email` (the address it
 * goes to, which is the one it proves). Like the password reset, no token: the notifier mints
 * the signed link from verificationId and userId. A later request supersedes every earlier one.
 */
export const EmailVerificationRequestedDataSchema = z.object({
  userId: z.uuid(),
  verificationId: z.uuid(),
  email: z.string().min(1),
  requestedAt: EventTimestampSchema,
  /** requestedAt + EMAIL_VERIFICATION_TTL_MS: the link is refused from this moment on. */
  expiresAt: EventTimestampSchema,
});
export type EmailVerificationRequestedData = z.infer<typeof EmailVerificationRequestedDataSchema>;

/** How an address was shown to be the account's: its link opened, a staff member's check, or the OpenID provider's word. */
export const EMAIL_VERIFICATION_METHODS = ['link', 'staff', 'provider'] as const;
export type EmailVerificationMethod = (typeof EMAIL_VERIFICATION_METHODS)[number];

/**
 * On user-{id}: the account owns `email`. Only from now on do records made elsewhere with this
 * email (a lead, an application) count as the account's. An account keeps every address it has
 * verified, also after changing its email.
 */
export const UserEmailVerifiedDataSchema = z.object({
  userId: z.uuid(),
  email: z.string().min(1),
  verifiedAt: EventTimestampSchema,
  method: z.enum(EMAIL_VERIFICATION_METHODS),
  /** The link's verification, for method 'link'. */
  verificationId: z.uuid().optional(),
  /** The staff member who checked the address by hand, for method 'staff'. */
  verifiedBy: z.string().min(1).max(200).optional(),
});
export type UserEmailVerifiedData = z.infer<typeof UserEmailVerifiedDataSchema>;

/**
 * On user-{id}: someone signed up again with this account's email. Nothing about the account
 * changes; the notifier tells the address's owner that they already have an account (the
 * sign-up's answer is the same as for a new email, so it tells the visitor nothing).
 */
export const ExistingAccountSignUpAttemptedDataSchema = z.object({
  userId: z.uuid(),
  attemptedAt: EventTimestampSchema,
});
export type ExistingAccountSignUpAttemptedData = z.infer<typeof ExistingAccountSignUpAttemptedDataSchema>;
