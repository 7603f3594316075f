import { z } from 'zod';
import { EventTimestampSchema } from './metadata.ts';

export const PaymentProofSubmittedDataSchema = z.object({
  paymentId: z.uuid(),
  userId: z.uuid(),
  leadId: z.uuid().nullable().optional(),
  acres: z.number().int().min(1),
  amount: z.number().int().min(1),
  proofImagePath: z.string().min(1),
  submittedAt: EventTimestampSchema,
});
export type PaymentProofSubmittedData = z.infer<typeof PaymentProofSubmittedDataSchema>;

// Both decisions live in the allocation stream, so they carry what its invariants
// need: the acres and the investor (distinct partners).
const PaymentDecisionDataSchema = z.object({
  paymentId: z.uuid(),
  userId: z.uuid(),
  acres: z.number().int().min(1),
  amount: z.number().int().min(1).optional(),
  adminNotes: z.string(),
  decidedBy: z.string().min(1),
  decidedAt: EventTimestampSchema,
});

export const PaymentApprovedDataSchema = PaymentDecisionDataSchema;
export type PaymentApprovedData = z.infer<typeof PaymentApprovedDataSchema>;

export const PaymentRejectedDataSchema = PaymentDecisionDataSchema;
export type PaymentRejectedData = z.infer<typeof PaymentRejectedDataSchema>;
