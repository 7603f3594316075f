// Users, built-in sign-in (DESIGN 6) and admin login (SPEC 5).

import { z } from 'zod';
import { emailField, IsoDateTimeSchema, MAX_NAME_LENGTH, requiredText } from './fields.ts';

export const IDENTITY_MESSAGES = {
  email: 'Valid email is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 200 characters',
  passwordMix: 'Password must contain at least one letter and one digit',
  passwordRequired: 'Password is required',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  username: 'Username is required',
  resetToken: 'The reset link is missing its token',
  confirmPassword: 'Passwords do not match',
  verificationToken: 'The confirmation link is missing its token',
} as const;
const M = IDENTITY_MESSAGES;

export const AuthUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /**
   * Whether the account has shown it owns `email` (its link opened, a staff member's check, or
   * the OpenID provider's word). Until then, records made elsewhere with this email (leads,
   * applications) are not the account's.
   */
  emailVerified: z.boolean(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

// Not trimmed: spaces are legitimate password characters.
export const NewPasswordSchema = z
  .string({ error: M.passwordMin })
  .min(8, { error: M.passwordMin, abort: true })
  .max(200, { error: M.passwordMax, abort: true })
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), M.passwordMix);

export const SignUpRequestSchema = z.object({
  email: emailField(M.email).transform((email) => email.toLowerCase()),
  password: NewPasswordSchema,
  firstName: requiredText(M.firstName, { max: MAX_NAME_LENGTH, label: 'First name', singleLine: true }),
  lastName: requiredText(M.lastName, { max: MAX_NAME_LENGTH, label: 'Last name', singleLine: true }),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignInRequestSchema = z.object({
  email: emailField(M.email).transform((email) => email.toLowerCase()),
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired, abort: true }).max(200, M.passwordMax),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/**
 * The one answer of POST /api/auth/signup (202), whatever the email: new, already an account's,
 * or an erased account's. True in each case: a new account gets a link to confirm the address,
 * an existing one's owner gets a note that they already have an account. No session is set.
 */
export const SIGN_UP_ACCEPTED_MESSAGE = "Check your email: we've written to that address with how to continue.";

/** The 202 of POST /api/auth/signup: the same body for every email. */
export const SignUpAcceptedResponseSchema = z.object({ message: z.literal(SIGN_UP_ACCEPTED_MESSAGE) });
export type SignUpAcceptedResponse = z.infer<typeof SignUpAcceptedResponseSchema>;

/** How long a link confirming an email works. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60_000;

/** POST /api/auth/verify-email: the link's token. */
export const VerifyEmailRequestSchema = z.object({
  token: z
    .string({ error: M.verificationToken })
    .min(1, { error: M.verificationToken, abort: true })
    .max(512, M.verificationToken),
  /**
   * The account's password, when the browser is not signed in to it: a link alone does not
   * confirm, since whoever signed up with someone's address would have it clicked for them.
   */
  password: z.string().max(200, M.passwordMax).optional(),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** A wrong, expired, used or superseded confirmation link, or one of an erased account: one answer for all. */
export const EMAIL_VERIFICATION_LINK_INVALID_MESSAGE =
  'This link to confirm your email is invalid, has expired or was replaced by a newer one. Sign in and ask for a new link.';

/** POST /api/auth/verify-email from a browser not signed in to the account, without its password (401, field password). */
export const VERIFY_EMAIL_PASSWORD_NEEDED_MESSAGE =
  "Enter this account's password to confirm the email. If you did not create an account with us, ignore the link: nothing is confirmed without the password.";

/** The 202 of POST /api/auth/verify-email/resend. */
export const EMAIL_VERIFICATION_SENT_MESSAGE =
  'A new link to confirm your email has been issued. It expires in 24 hours, and earlier links no longer work.';
export const EmailVerificationSentResponseSchema = z.object({ message: z.literal(EMAIL_VERIFICATION_SENT_MESSAGE) });
export type EmailVerificationSentResponse = z.infer<typeof EmailVerificationSentResponseSchema>;

/** PUT /api/me/message-preferences for email before the account's address is confirmed. */
export const CONFIRM_EMAIL_FIRST_MESSAGE =
  'Confirm your email first: we sent a link to it, and only its owner can change its messages.';

/** Resend for an account whose email is already confirmed. */
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your email is already confirmed';

/** The 200 of POST /api/admin/users/:id/verify-email: the address a staff member confirmed. */
export const AdminEmailVerifiedResponseSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  verifiedAt: IsoDateTimeSchema,
  verifiedBy: z.string(),
  /** Global position of the event: send it as x-min-position to read it back. */
  position: z.string().regex(/^\d+$/),
});
export type AdminEmailVerifiedResponse = z.infer<typeof AdminEmailVerifiedResponseSchema>;

/** POST /api/auth/password-reset: ask for a link by email. */
export const PasswordResetRequestSchema = z.object({
  email: emailField(M.email).transform((email) => email.toLowerCase()),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/**
 * True whether or not the email has an account (the answer must not tell), and whether or
 * not email is delivered: the page says which (web/src/lib/delivery-copy.ts).
 */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, a link to reset its password has been issued. The link expires in one hour.';

/** The 202 of POST /api/auth/password-reset: the same body for every email. */
export const PasswordResetRequestedResponseSchema = z.object({ message: z.literal(PASSWORD_RESET_REQUESTED_MESSAGE) });
export type PasswordResetRequestedResponse = z.infer<typeof PasswordResetRequestedResponseSchema>;

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

/** POST /api/auth/password-reset/confirm: the link's token and the new password (the sign-up rule). */
export const PasswordResetConfirmSchema = z.object({
  token: z.string({ error: M.resetToken }).min(1, { error: M.resetToken, abort: true }).max(512, M.resetToken),
  password: NewPasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** A wrong, expired or already used link: one answer for all three. */
export const PASSWORD_RESET_LINK_INVALID_MESSAGE = 'This password reset link is invalid or has expired. Ask for a new one.';

/** The /reset-password form: the new password twice. */
export const ResetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string({ error: M.confirmPassword }) })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], error: M.confirmPassword });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

export const AdminLoginSchema = z.object({
  username: z.string({ error: M.username }).min(1, M.username).max(200, 'Username must be at most 200 characters'),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(200, M.passwordMax),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

/**
 * ?returnTo= on /api/login: a same-origin path of printable ASCII only (DESIGN 6), so it
 * can go into a Location header as it is. Not '//host' or '/\\host' (another origin to a
 * browser), no backslash, space or control character anywhere.
 */
export function isSafeReturnTo(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 2048 && /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(value);
}

/**
 * The answer of POST /api/auth/signin and /api/auth/verify-email: the signed-in user and,
 * when the call wrote events, their global position (send it as x-min-position to
 * read the users read model with this write applied).
 */
export const AuthSessionResponseSchema = z.object({
  user: AuthUserSchema,
  position: z.string().regex(/^\d+$/).optional(),
});
export type AuthSessionResponse = z.infer<typeof AuthSessionResponseSchema>;

/** POST /api/logout. */
export const LogoutResponseSchema = z.object({ ok: z.literal(true) });

export const SIGN_IN_FAILED_MESSAGE = 'Incorrect email or password';
/** Inside the command side only: a claim that lost a race. Sign-up never answers it (finding 9). */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
