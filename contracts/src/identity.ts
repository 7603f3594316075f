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
  firstName: requiredText(M.firstName, { max: MAX_NAME_LENGTH, label: 'First name' }),
  lastName: requiredText(M.lastName, { max: MAX_NAME_LENGTH, label: 'Last name' }),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignInRequestSchema = z.object({
  email: emailField(M.email).transform((email) => email.toLowerCase()),
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired, abort: true }).max(200, M.passwordMax),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

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
