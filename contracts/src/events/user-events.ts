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
