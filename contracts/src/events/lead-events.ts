import { z } from 'zod';
import { COMMITMENTS, ROLES } from '../constants.ts';
import { EventTimestampSchema } from './metadata.ts';

export const SlotReservedDataSchema = z.object({
  leadId: z.uuid(),
  fullName: z.string().min(1),
  company: z.string().nullable(),
  email: z.string().min(1),
  phone: z.string().min(1),
  phoneE164: z.string().min(1),
  role: z.enum(ROLES),
  intendedAcres: z.number().int().min(1),
  priceBand: z.string().min(1),
  commitment: z.enum(COMMITMENTS),
  notes: z.string().nullable(),
  consent: z.literal(true),
  referralCode: z.string().nullable(),
  reservedAt: EventTimestampSchema,
});
export type SlotReservedData = z.infer<typeof SlotReservedDataSchema>;
