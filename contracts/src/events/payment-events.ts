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
  // Version 2 (issue 12): the server's price check for the reviewer. expectedAmount is
  // acres × the wholesale price at submission, amountDifference is amount − expectedAmount
  // (negative: short). Version 1 events lack both; readers compute them from acres.
  expectedAmount: z.number().int().min(1).optional(),
  amountDifference: z.number().int().optional(),
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

/**
 * One proof image backs one payment: the proof's own stream (payment-proof-{hash of the
 * object path}) is claimed, with no_stream, by the payment it backs before that payment is
 * recorded, so of two submissions of one object exactly one is accepted.
 */
export const PaymentProofClaimedDataSchema = z.object({
  objectPath: z.string().min(1),
  paymentId: z.uuid(),
  userId: z.uuid(),
  claimedAt: EventTimestampSchema,
});
export type PaymentProofClaimedData = z.infer<typeof PaymentProofClaimedDataSchema>;
