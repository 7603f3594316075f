// Affiliate payouts (issue 12): batches of verified, unpaid commissions, paid by one bank
// transfer run, and the admin's suspension of an affiliate. SPEC is silent on both.

import { z } from 'zod';
import { isCalendarDate, IsoDateTimeSchema, MAX_NOTES_LENGTH } from './fields.ts';

export const PAYOUT_MESSAGES = {
  upTo: 'Up to must be a date written YYYY-MM-DD',
  saleIds: 'Choose at least one commission',
  saleId: 'Each sale id must be a uuid',
  transferReference: 'Transfer reference is required',
  transferReferenceLength: 'Transfer reference must be at most 100 characters',
  reason: 'Reason is required',
  reasonLength: `Reason must be at most ${MAX_NOTES_LENGTH} characters`,
  notesLength: `Notes must be at most ${MAX_NOTES_LENGTH} characters`,
} as const;
const M = PAYOUT_MESSAGES;

/** How far a commission has gone: reported, verified, in a payout batch, or paid by the bank. */
export const COMMISSION_STATUSES = ['pending', 'verified', 'in_payout', 'paid'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  pending: 'Pending',
  verified: 'Verified',
  in_payout: 'In payout',
  paid: 'Paid',
};

/** A batch holds at most this many commissions: one bank upload. */
export const MAX_PAYOUT_COMMISSIONS = 2000;

// Earlier dates hold no commission of this project; a year like 0202 is a typing mistake.
const EARLIEST_UP_TO = '2000-01-01';

const UpToSchema = z
  .string({ error: M.upTo })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.upTo, abort: true })
  .refine(isCalendarDate, { error: M.upTo, abort: true })
  .refine((value) => value >= EARLIEST_UP_TO, `Up to must be ${EARLIEST_UP_TO} or later`);

/** GET /api/admin/payouts/unpaid?upTo=: the verified commissions no batch holds yet. */
export const UnpaidCommissionsQuerySchema = z.object({ upTo: UpToSchema });

/**
 * POST /api/admin/payouts: the commissions the admin saw as unpaid up to upTo (from
 * GET /api/admin/payouts/unpaid); the server checks each against its sale's stream.
 */
export const CreatePayoutBatchSchema = z.object({
  upTo: UpToSchema,
  saleIds: z
    .array(
      z.guid({ error: M.saleId }).transform((id) => id.toLowerCase()),
      { error: M.saleIds },
    )
    .min(1, M.saleIds)
    .max(MAX_PAYOUT_COMMISSIONS, `A batch holds at most ${MAX_PAYOUT_COMMISSIONS} commissions`),
});
export type CreatePayoutBatch = z.infer<typeof CreatePayoutBatchSchema>;

/** POST /api/admin/payouts/{id}/paid */
export const MarkPayoutBatchPaidSchema = z.object({
  transferReference: z
    .string({ error: M.transferReference })
    .trim()
    .min(1, { error: M.transferReference, abort: true })
    .max(100, M.transferReferenceLength),
});
export type MarkPayoutBatchPaid = z.infer<typeof MarkPayoutBatchPaidSchema>;

/** POST /api/admin/affiliates/{id}/suspend */
export const SuspendAffiliateSchema = z.object({
  reason: z.string({ error: M.reason }).trim().min(1, { error: M.reason, abort: true }).max(MAX_NOTES_LENGTH, M.reasonLength),
});
export type SuspendAffiliate = z.infer<typeof SuspendAffiliateSchema>;

/** POST /api/admin/affiliates/{id}/reactivate */
export const ReactivateAffiliateSchema = z.object({
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(MAX_NOTES_LENGTH, M.notesLength)
    .nullish()
    .transform((notes) => notes ?? ''),
});
export type ReactivateAffiliate = z.infer<typeof ReactivateAffiliateSchema>;

const PositionSchema = z.string().regex(/^\d+$/);

/** Answer of the suspend and reactivate commands. */
export const AffiliateStatusChangedSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'suspended']),
  position: PositionSchema,
});
export type AffiliateStatusChanged = z.infer<typeof AffiliateStatusChangedSchema>;

export const PayoutBatchSchema = z.object({
  id: z.string(),
  upTo: z.string(),
  reference: z.string(),
  commissions: z.number().int().nonnegative(),
  affiliates: z.number().int().nonnegative(),
  total: z.number().nonnegative(),
  status: z.enum(['created', 'paid']),
  createdBy: z.string(),
  createdAt: IsoDateTimeSchema,
  transferReference: z.string().nullable(),
  paidBy: z.string().nullable(),
  paidAt: IsoDateTimeSchema.nullable(),
});
export type PayoutBatch = z.infer<typeof PayoutBatchSchema>;

/** GET /api/admin/payouts: newest first. */
export const PayoutBatchesResponseSchema = z.object({ batches: z.array(PayoutBatchSchema) });
export type PayoutBatchesResponse = z.infer<typeof PayoutBatchesResponseSchema>;

/** One verified commission no batch holds yet, for the admin to pay. */
export const UnpaidCommissionSchema = z.object({
  saleId: z.string(),
  affiliateId: z.string(),
  affiliateName: z.string().nullable(),
  clientName: z.string(),
  verifiedAt: IsoDateTimeSchema,
  amount: z.number().nonnegative(),
});
export type UnpaidCommission = z.infer<typeof UnpaidCommissionSchema>;

export const UnpaidCommissionsResponseSchema = z.object({
  upTo: z.string(),
  commissions: z.array(UnpaidCommissionSchema),
  total: z.number().nonnegative(),
});
export type UnpaidCommissionsResponse = z.infer<typeof UnpaidCommissionsResponseSchema>;

/** Answer of POST /api/admin/payouts and /paid. */
export const PayoutBatchAcceptedSchema = z.object({
  id: z.string(),
  total: z.number().nonnegative(),
  commissions: z.number().int().nonnegative(),
  position: PositionSchema,
});
export type PayoutBatchAccepted = z.infer<typeof PayoutBatchAcceptedSchema>;
