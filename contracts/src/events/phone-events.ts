// Phone ownership (issue 24, item 2): the events of `phone-verification-<userId>`. No code is
// in any of them: the notifier derives it from verificationId with the link signing secret and
// the command API derives it again to compare, so the log never holds a usable code.

import { z } from 'zod';
import { EventTimestampSchema } from './metadata.ts';

export const PHONE_VERIFICATION_METHODS = ['code'] as const;

export const PhoneVerificationRequestedDataSchema = z.object({
  userId: z.uuid(),
  verificationId: z.uuid(),
  phoneE164: z.string().min(1),
  requestedAt: EventTimestampSchema,
  /** requestedAt + 10 minutes: the code is refused from this moment on. */
  expiresAt: EventTimestampSchema,
});
export type PhoneVerificationRequestedData = z.infer<typeof PhoneVerificationRequestedDataSchema>;

/** A wrong code for verificationId: counted in the log so the attempt limit survives restarts. */
export const PhoneVerificationCodeRejectedDataSchema = z.object({
  userId: z.uuid(),
  verificationId: z.uuid(),
  /** Wrong codes for this request so far, this one included. */
  failedAttempts: z.number().int().positive(),
  rejectedAt: EventTimestampSchema,
});
export type PhoneVerificationCodeRejectedData = z.infer<typeof PhoneVerificationCodeRejectedDataSchema>;

/** The account proved it holds phoneE164: from now on that number is the account's. */
export const PhoneVerifiedDataSchema = z.object({
  userId: z.uuid(),
  verificationId: z.uuid(),
  phoneE164: z.string().min(1),
  verifiedAt: EventTimestampSchema,
  method: z.enum(PHONE_VERIFICATION_METHODS),
});
export type PhoneVerifiedData = z.infer<typeof PhoneVerifiedDataSchema>;

/** One stream per account: its requests, wrong codes and verified numbers, in order. */
export const phoneVerificationStreamId = (userId: string) => `phone-verification-${userId}`;
