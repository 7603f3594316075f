import { z } from 'zod';
import { MARKETING_EXPERIENCE, SALE_PAYMENT_PLANS } from '../constants.ts';
import { EventTimestampSchema } from './metadata.ts';
import { ERASED } from './privacy-events.ts';

const id = z.uuid();
const rateBps = z.number().int().min(0).max(10_000);

export const AffiliateRegisteredDataSchema = z.object({
  affiliateId: id,
  userId: id,
  fullName: z.string().min(1),
  email: z.string(),
  phone: z.string().min(1),
  companyName: z.string().nullable(),
  bankName: z.string().min(1),
  accountNumber: z.union([z.string().regex(/^\d{10}$/), z.literal(ERASED)]),
  accountName: z.string().min(1),
  marketingExperience: z.enum(MARKETING_EXPERIENCE),
  marketingChannels: z.string(),
  referralCode: z.string().min(1).max(10),
  commissionRateBps: rateBps,
  joinedAt: EventTimestampSchema,
});
export type AffiliateRegisteredData = z.infer<typeof AffiliateRegisteredDataSchema>;

export const SaleReportedDataSchema = z.object({
  saleId: id,
  affiliateId: id,
  clientName: z.string().min(1),
  clientPhone: z.string().min(1),
  clientEmail: z.string().nullable().optional(),
  acres: z.number().positive(),
  amountPaid: z.number().int().positive(),
  paymentPlan: z.enum(SALE_PAYMENT_PLANS),
  transactionDate: z.string().min(1),
  /** SPEC 5's optional sale proof: an uploaded object of the affiliate's own (added in issue 12). */
  proofImagePath: z.string().min(1).nullable().optional(),
  reportedAt: EventTimestampSchema,
});
export type SaleReportedData = z.infer<typeof SaleReportedDataSchema>;

export const SaleVerifiedDataSchema = z.object({
  saleId: id,
  affiliateId: id.optional(),
  /** 1-based count of this affiliate's verified sales including this one. */
  verifiedSaleNumber: z.number().int().positive().optional(),
  commissionRateBps: rateBps,
  computedCommission: z.number().int().nonnegative(),
  notes: z.string(),
  verifiedBy: z.string().min(1),
  verifiedAt: EventTimestampSchema,
});
export type SaleVerifiedData = z.infer<typeof SaleVerifiedDataSchema>;

export const SaleRejectedDataSchema = z.object({
  saleId: id,
  affiliateId: id.optional(),
  notes: z.string(),
  rejectedBy: z.string().min(1),
  rejectedAt: EventTimestampSchema,
});
export type SaleRejectedData = z.infer<typeof SaleRejectedDataSchema>;

export const CommissionTierReachedDataSchema = z.object({
  affiliateId: id,
  rateBps,
  verifiedSales: z.number().int().positive(),
  reachedAt: EventTimestampSchema,
});
export type CommissionTierReachedData = z.infer<typeof CommissionTierReachedDataSchema>;

export const ReferralCodeClaimedDataSchema = z.object({
  code: z.string().min(1).max(10),
  affiliateId: id,
  userId: id,
  claimedAt: EventTimestampSchema,
});
export type ReferralCodeClaimedData = z.infer<typeof ReferralCodeClaimedDataSchema>;

/**
 * The sale's own stream (`sale-{saleId}`): which affiliate's stream the sale is on. Written
 * before SaleReported, so the admin's decision finds the sale from its id alone.
 */
export const SaleIdClaimedDataSchema = z.object({
  saleId: id,
  affiliateId: id,
  userId: id,
  claimedAt: EventTimestampSchema,
});
export type SaleIdClaimedData = z.infer<typeof SaleIdClaimedDataSchema>;

/** The admin stops an affiliate from reporting sales; on the affiliate's own stream. */
export const AffiliateSuspendedDataSchema = z.object({
  affiliateId: id,
  reason: z.string().min(1),
  decidedBy: z.string().min(1),
  suspendedAt: EventTimestampSchema,
});
export type AffiliateSuspendedData = z.infer<typeof AffiliateSuspendedDataSchema>;

export const AffiliateReactivatedDataSchema = z.object({
  affiliateId: id,
  notes: z.string(),
  decidedBy: z.string().min(1),
  reactivatedAt: EventTimestampSchema,
});
export type AffiliateReactivatedData = z.infer<typeof AffiliateReactivatedDataSchema>;
