// Phone ownership (issue 24, item 2): a signed-in person proves a number is theirs with a
// 6-digit code sent to it by SMS. Only verified numbers are the account's: exports, message
// preferences and the message-preferences screen use no other.

import { z } from 'zod';
import { IsoDateTimeSchema } from './fields.ts';
import { nigerianPhoneSchema } from './phone.ts';

export const PHONE_VERIFICATION_CODE_LENGTH = 6;
/** How long a code works after it was asked for. */
export const PHONE_VERIFICATION_TTL_MS = 10 * 60_000;
/** Wrong codes after which a request is dead and the person asks for a new code. */
export const PHONE_VERIFICATION_MAX_WRONG_CODES = 5;
/** The window of the two limits below. */
export const PHONE_VERIFICATION_WINDOW_MS = 60 * 60_000;
/** Codes one account may ask for per window, whatever the numbers. */
export const PHONE_VERIFICATION_CODES_PER_ACCOUNT = 5;
/** Codes sent to one number per window, whichever accounts ask: nobody floods a stranger's phone. */
export const PHONE_VERIFICATION_CODES_PER_NUMBER = 3;

export const PHONE_VERIFICATION_MESSAGES = {
  phoneNumber: 'Please enter a valid Nigerian mobile number',
  code: `Enter the ${PHONE_VERIFICATION_CODE_LENGTH}-digit code from the text message`,
  wrongCode: 'That code is not right.',
  noRequest: 'There is no code waiting to be confirmed. Ask for a new code.',
  expired: 'This code has expired. Ask for a new code.',
  superseded: 'This code was replaced by a newer one. Use the code from the latest text message, or ask for a new code.',
  tooManyWrong: 'Too many wrong codes. Ask for a new code.',
  alreadyVerified: 'This number is already confirmed on your account.',
  accountLimit: 'You have asked for too many codes.',
  numberLimit: 'Too many codes were sent to this number.',
  confirmFirst: 'Confirm this phone number first: we send a code to it, and only its owner can change its messages.',
} as const;

/** POST /api/me/phone-verification: send a code to this number. */
export const RequestPhoneVerificationSchema = z.strictObject({
  phoneNumber: nigerianPhoneSchema(PHONE_VERIFICATION_MESSAGES.phoneNumber),
});
export type RequestPhoneVerification = z.input<typeof RequestPhoneVerificationSchema>;

/** POST /api/me/phone-verification/confirm: the code from the text message (spaces ignored). */
export const ConfirmPhoneVerificationSchema = z.strictObject({
  code: z
    .string({ error: PHONE_VERIFICATION_MESSAGES.code })
    .max(40, PHONE_VERIFICATION_MESSAGES.code)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, PHONE_VERIFICATION_MESSAGES.code)),
});
export type ConfirmPhoneVerification = z.input<typeof ConfirmPhoneVerificationSchema>;

/** A code on its way: to which number, until when, and how many wrong codes it still takes. */
export const PendingPhoneVerificationSchema = z.object({
  verificationId: z.uuid(),
  phoneE164: z.string(),
  expiresAt: IsoDateTimeSchema,
  attemptsLeft: z.number().int().nonnegative(),
});
export type PendingPhoneVerification = z.infer<typeof PendingPhoneVerificationSchema>;

export const VerifiedPhoneSchema = z.object({ phoneE164: z.string(), verifiedAt: IsoDateTimeSchema });
export type VerifiedPhone = z.infer<typeof VerifiedPhoneSchema>;

/** The log position of the event, for x-min-position: the next GET /api/me/phones shows it. */
const PositionSchema = z.string().regex(/^\d+$/);

export const PhoneVerificationRequestedResponseSchema = PendingPhoneVerificationSchema.extend({ position: PositionSchema });
export type PhoneVerificationRequestedResponse = z.infer<typeof PhoneVerificationRequestedResponseSchema>;

export const PhoneVerifiedResponseSchema = VerifiedPhoneSchema.extend({ position: PositionSchema });
export type PhoneVerifiedResponse = z.infer<typeof PhoneVerifiedResponseSchema>;

/**
 * GET /api/me/phones: every number the account verified (a person who changes number keeps
 * the old ones, and the records joined by them), the current one (the latest verified, where
 * text messages go) and the code waiting to be confirmed, if any.
 */
export const MyPhonesResponseSchema = z.object({
  phones: z.array(VerifiedPhoneSchema),
  currentPhoneE164: z.string().nullable(),
  pending: PendingPhoneVerificationSchema.nullable(),
});
export type MyPhonesResponse = z.infer<typeof MyPhonesResponseSchema>;
