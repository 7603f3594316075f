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
 * The answer of POST /api/auth/signup and /api/auth/signin: the signed-in user and,
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
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
