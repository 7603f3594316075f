// Payment proofs (SPEC 2 dashboard, 4, 5, 7), the admin review, and the events that record them.

import { z } from 'zod';
import { PARTNER_SLOTS, PAYMENT_ACRES, PAYMENT_STATUSES, PROJECT_ACRES } from './constants.ts';
import {
  AdminListCursorsShape,
  IsoDateTimeSchema,
  MAX_NOTES_LENGTH,
  MAX_URL_LENGTH,
  wholeAcres,
  type AcresRule,
} from './fields.ts';
import { computeSubscriptionValue, formatNaira } from './money.ts';
import { EventTimestampSchema } from './events/metadata.ts';

export const PAYMENT_MESSAGES = {
  minAcres: 'Must purchase at least 1 acre',
  maxAcres: 'Maximum 200 acres',
  amount: 'Amount must be greater than 0',
  proofImage: 'Payment proof image is required',
  // The path does not name an image object this investor uploaded (missing, someone else's, not an image).
  proofNotUploaded: 'Upload your payment proof image first',
  status: "Status must be 'approved' or 'rejected'",
  // One proof image backs one payment (issue 12): a receipt cannot be counted twice.
  proofAlreadyUsed: 'This payment proof image is already attached to another payment. Upload the receipt of this payment.',
} as const;

/** The acres a payment pays for: the form's rule and the payment decider's. */
export const PAYMENT_ACRES_RULE = {
  min: PAYMENT_ACRES.min,
  max: PAYMENT_ACRES.max,
  minMessage: PAYMENT_MESSAGES.minAcres,
  maxMessage: PAYMENT_MESSAGES.maxAcres,
} as const satisfies AcresRule;

export const PaymentProofFormSchema = z.object({
  acres: wholeAcres(PAYMENT_ACRES_RULE),
  amount: z
    .number({ error: PAYMENT_MESSAGES.amount })
    .int('Amount must be a whole number of naira')
    .min(1, PAYMENT_MESSAGES.amount)
    .max(Number.MAX_SAFE_INTEGER, 'Amount is too large'),
  proofImagePath: z
    .string({ error: PAYMENT_MESSAGES.proofImage })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.proofImage, abort: true })
    .max(MAX_URL_LENGTH, `Payment proof path must be at most ${MAX_URL_LENGTH} characters`),
});
export type PaymentProofForm = z.infer<typeof PaymentProofFormSchema>;

/** POST /api/payments body. */
export const CreatePaymentRequestSchema = PaymentProofFormSchema;
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequestSchema>;

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

export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const PaymentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  leadId: z.string().nullable(),
  amount: z.number(),
  acres: z.number(),
  proofImagePath: z.string(),
  // SPEC 4: pending is also the fallback when a status is missing.
  status: PaymentStatusSchema.default('pending'),
  adminNotes: z.string().nullable(),
  approvedBy: z.string().nullable(),
  submittedAt: IsoDateTimeSchema,
  processedAt: IsoDateTimeSchema.nullable(),
  /** acres × the wholesale price, computed by the server at submission. */
  expectedAmount: z.number(),
  /** amount − expectedAmount: negative when the payment is short of the price. */
  amountDifference: z.number(),
  submitterName: z.string().optional(),
  submitterEmail: z.string().optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** What the server expects for a number of acres, and how far an amount is from it. */
export const computeAmountCheck = (acres: number, amount: number, pricePerAcre?: number) => {
  const expectedAmount = computeSubscriptionValue(acres, pricePerAcre);
  return { expectedAmount, amountDifference: amount - expectedAmount };
};

/**
 * The price check a payment states, or for one that states none (a version 1 event, a
 * row written before the check was stored) the one the server makes: the one fallback.
 */
export const resolveAmountCheck = (payment: {
  acres: number;
  amount: number;
  expectedAmount?: number | null | undefined;
  amountDifference?: number | null | undefined;
}) =>
  payment.expectedAmount === undefined ||
  payment.expectedAmount === null ||
  payment.amountDifference === undefined ||
  payment.amountDifference === null
    ? computeAmountCheck(payment.acres, payment.amount)
    : { expectedAmount: payment.expectedAmount, amountDifference: payment.amountDifference };

/** For the reviewer: '₦500,000 short', '₦1,000 over', 'Matches the price'. */
export const describeAmountDifference = (difference: number): string => {
  if (difference === 0) return 'Matches the price';
  return `${formatNaira(Math.abs(difference))} ${difference < 0 ? 'short' : 'over'}`;
};

/** GET /api/payments */
export const PaymentsResponseSchema = z.array(PaymentSchema);
export type PaymentsResponse = z.infer<typeof PaymentsResponseSchema>;

/** GET /api/admin/payments */
export const AdminPaymentsResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  /** true when the total stopped counting (a broad search): at least `total` payments match. */
  totalCapped: z.boolean().optional(),
  payments: z.array(PaymentSchema),
  ...AdminListCursorsShape,
});
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponseSchema>;

/** PUT /api/admin/payments/{id}/status */
export const PaymentStatusUpdateSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: PAYMENT_MESSAGES.status }),
  adminNotes: z
    .string({ error: 'Admin notes must be text' })
    .trim()
    .max(MAX_NOTES_LENGTH, `Admin notes must be at most ${MAX_NOTES_LENGTH} characters`)
    .nullish()
    .transform((notes) => notes ?? ''),
});
export type PaymentStatusUpdate = z.infer<typeof PaymentStatusUpdateSchema>;
export type PaymentStatusUpdateInput = z.input<typeof PaymentStatusUpdateSchema>;

/** PUT /api/admin/payments/{id}/status answer: the decision and its event's global position. */
export const PaymentStatusUpdatedSchema = z.object({
  id: z.string(),
  status: z.enum(['approved', 'rejected']),
  position: z.string().regex(/^\d+$/, 'position must be a decimal string'),
});
export type PaymentStatusUpdated = z.infer<typeof PaymentStatusUpdatedSchema>;

export const AdminCountersSchema = z.object({
  totalLeads: z.number().int().nonnegative(),
  totalApplications: z.number().int().nonnegative(),
  totalPayments: z.number().int().nonnegative(),
  pendingApprovals: z.number().int().nonnegative(),
  approvedPayments: z.number().int().nonnegative(),
});
export type AdminCounters = z.infer<typeof AdminCountersSchema>;

export const PAYMENT_HISTORY_TYPES = ['submitted', 'approved', 'rejected'] as const;

/** One line of a payment's audit timeline. */
export const PaymentHistoryEntrySchema = z.object({
  type: z.enum(PAYMENT_HISTORY_TYPES),
  at: IsoDateTimeSchema,
  actor: z.string().nullable(),
  notes: z.string().nullable(),
});
export type PaymentHistoryEntry = z.infer<typeof PaymentHistoryEntrySchema>;

/** Project allocation: approved acres and partners against the 200-acre, 10-partner limits. */
export const AllocationSchema = z.object({
  acresApproved: z.number().nonnegative(),
  acresRemaining: z.number().nonnegative(),
  partners: z.number().int().nonnegative(),
  partnerSlots: z.number().int().nonnegative(),
});
export type Allocation = z.infer<typeof AllocationSchema>;

export const EMPTY_ALLOCATION: Allocation = {
  acresApproved: 0,
  acresRemaining: PROJECT_ACRES,
  partners: 0,
  partnerSlots: PARTNER_SLOTS,
};
