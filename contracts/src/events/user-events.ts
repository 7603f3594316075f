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
