// Staff accounts over HTTP (issue 27, item 1): the owner's invitations and role changes, the
// invitee's acceptance (password, TOTP, recovery codes) and the staff sign-in.

import { z } from 'zod';
import { STAFF_ROLES } from './events/staff-events.ts';

export type { StaffRole } from './events/staff-events.ts';
import { emailField, IsoDateTimeSchema, MAX_NAME_LENGTH, requiredText } from './fields.ts';
import { NewPasswordSchema } from './identity.ts';
import { ADMIN_AREAS } from './staff-roles.ts';

export const STAFF_MESSAGES = {
  email: 'Valid email is required',
  displayName: 'Name is required',
  role: `role must be one of ${STAFF_ROLES.join(', ')}`,
  password: 'Password is required',
  token: 'The invitation link is missing its token',
  secret: 'The authenticator secret is missing',
  code: 'Enter the 6-digit code from your authenticator app',
  recoveryCode: 'A recovery code is 10 letters and digits',
  oneFactor: 'Give either the 6-digit code or a recovery code',
} as const;
const M = STAFF_MESSAGES;

export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: M.role });

export const InviteStaffRequestSchema = z.object({
  email: emailField(M.email).transform((email) => email.toLowerCase()),
  displayName: requiredText(M.displayName, { max: MAX_NAME_LENGTH, label: 'Name', singleLine: true }),
  role: StaffRoleSchema,
});
export type InviteStaffRequest = z.infer<typeof InviteStaffRequestSchema>;

export const ChangeStaffRoleRequestSchema = z.object({ role: StaffRoleSchema });
export type ChangeStaffRoleRequest = z.infer<typeof ChangeStaffRoleRequestSchema>;

export const StaffCommandAnswerSchema = z.object({ staffId: z.uuid(), position: z.string().regex(/^\d+$/) });
export type StaffCommandAnswer = z.infer<typeof StaffCommandAnswerSchema>;

/** An invitation's link stays good this long; sending it again starts a new one. */
export const STAFF_INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Recovery codes issued with a second factor, each good once. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[A-Z0-9]{10}$/;

const TokenSchema = z.string({ error: M.token }).min(1, { error: M.token, abort: true }).max(512, M.token);
const TotpCodeSchema = z
  .string({ error: M.code })
  .trim()
  .regex(/^\d{6}$/, M.code);
/** Typed as shown (groups of five, any case); compared without the dash. */
const RecoveryCodeSchema = z
  .string({ error: M.recoveryCode })
  .transform((code) => code.replaceAll(/[\s-]/g, '').toUpperCase())
  .refine((code) => RECOVERY_CODE_PATTERN.test(code), M.recoveryCode);

/** POST /api/staff/invitation: what the link's token opens, before anything is set. */
export const StaffInvitationLookupSchema = z.object({ token: TokenSchema });
export const StaffInvitationSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  expiresAt: IsoDateTimeSchema,
  /** A fresh authenticator secret (base32) and its otpauth:// URI, for the QR code; sent back with the first code. */
  totpSecret: z.string(),
  otpauthUri: z.string(),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

export const AcceptStaffInvitationRequestSchema = z.object({
  token: TokenSchema,
  password: NewPasswordSchema,
  totpSecret: z.string({ error: M.secret }).regex(/^[A-Z2-7]{16,64}$/, M.secret),
  code: TotpCodeSchema,
});
export type AcceptStaffInvitationRequest = z.infer<typeof AcceptStaffInvitationRequestSchema>;

/** The acceptance form: the password twice and the first code. */
export const AcceptStaffInvitationFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string(), code: TotpCodeSchema })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Passwords do not match',
  });
export type AcceptStaffInvitationForm = z.infer<typeof AcceptStaffInvitationFormSchema>;

/** The recovery codes are shown this once: only their digests are kept. */
export const StaffInvitationAcceptedResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
  position: z.string().regex(/^\d+$/),
});
export type StaffInvitationAcceptedResponse = z.infer<typeof StaffInvitationAcceptedResponseSchema>;

export const StaffSignInRequestSchema = z
  .object({
    email: emailField(M.email).transform((email) => email.toLowerCase()),
    password: z.string({ error: M.password }).min(1, M.password).max(200, M.password),
    code: TotpCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .refine((request) => (request.code === undefined) !== (request.recoveryCode === undefined), {
    path: ['code'],
    error: M.oneFactor,
  });
export type StaffSignInRequest = z.input<typeof StaffSignInRequestSchema>;

/** Step one of the sign-in form. */
export const StaffCredentialsFormSchema = z.object({
  email: emailField(M.email),
  password: z.string({ error: M.password }).min(1, M.password).max(200, M.password),
});
export type StaffCredentialsForm = z.infer<typeof StaffCredentialsFormSchema>;

/** Step two: the authenticator's code, or one recovery code. */
export const StaffSecondFactorFormSchema = z.object({ code: z.string().trim().min(1, M.code).max(20, M.code) });
export type StaffSecondFactorForm = z.infer<typeof StaffSecondFactorFormSchema>;

export const STAFF_SIGN_IN_FAILED_MESSAGE = 'Incorrect email, password or code';
export const STAFF_INVITATION_INVALID_MESSAGE = 'This invitation link is invalid, used or expired. Ask the owner for a new one.';
export const STAFF_CODE_WRONG_MESSAGE = 'That code is not right. Check the time on your phone and try the current code.';

/** Who is signed in to the admin area, and what their role may use (GET /api/admin/me). */
export const StaffMeSchema = z.object({
  /** The staff id; the Basic-auth owner is their username. */
  id: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  role: StaffRoleSchema,
  areas: z.array(z.enum(ADMIN_AREAS)),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const STAFF_STATUSES = ['invited', 'active', 'removed'] as const;
export const StaffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  status: z.enum(STAFF_STATUSES),
  invitedAt: IsoDateTimeSchema,
  invitationExpiresAt: IsoDateTimeSchema.nullable(),
  activeSince: IsoDateTimeSchema.nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const AdminStaffResponseSchema = z.object({ staff: z.array(StaffMemberSchema) });
export type AdminStaffResponse = z.infer<typeof AdminStaffResponseSchema>;
