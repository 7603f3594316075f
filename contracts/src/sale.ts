// Affiliate sales: the report form (SPEC 5), the sale as displayed and the stats.

import { z } from 'zod';
import { PROJECT_ACRES, SALE_MIN_ACRES, SALE_MIN_AMOUNT, SALE_PAYMENT_PLANS, SALE_STATUSES } from './constants.ts';
import {
  isCalendarDate,
  IsoDateTimeSchema,
  latestTodayAnywhere,
  MAX_NAME_LENGTH,
  MAX_NOTES_LENGTH,
  MAX_URL_LENGTH,
  singleLine,
} from './fields.ts';
import { COMMISSION_STATUSES } from './payout.ts';
import { TERM_LIMITS, type BusinessTerms } from './business-terms.ts';
import { NIGERIAN_PHONE_MESSAGE, nigerianPhoneSchema } from './phone.ts';

export const SALE_MESSAGES = {
  clientName: 'Client name must be at least 2 characters',
  clientPhone: NIGERIAN_PHONE_MESSAGE,
  minAcres: 'Minimum 0.5 acres',
  maxAcres: `Maximum ${PROJECT_ACRES} acres`,
  acresStep: 'Acres must be in steps of 0.5',
  amountPaid: 'Amount must be at least ₦1,000',
  paymentPlan: 'Payment plan must be outright or installment',
  transactionDate: 'Please enter a valid date',
  transactionDateFuture: 'Transaction date cannot be in the future',
  status: "Status must be 'verified' or 'rejected'",
} as const;
const M = SALE_MESSAGES;

// Dates before this are typing mistakes (year 0202), not sales of this project.
const EARLIEST_TRANSACTION_DATE = '2000-01-01';

/** Accepts 'YYYY-MM-DD' or an ISO date-time; answers the calendar date 'YYYY-MM-DD'. */
export const TransactionDateSchema = z
  .string({ error: M.transactionDate })
  .trim()
  .transform((value, ctx) => {
    let date: string | null = null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) date = isCalendarDate(value) ? value : null;
    else if (/^\d{4}-\d{2}-\d{2}T/.test(value) && Number.isFinite(Date.parse(value)))
      date = new Date(value).toISOString().slice(0, 10);
    if (date === null || date < EARLIEST_TRANSACTION_DATE) {
      ctx.addIssue({ code: 'custom', message: M.transactionDate });
      return z.NEVER;
    }
    if (date > latestTodayAnywhere()) {
      ctx.addIssue({ code: 'custom', message: M.transactionDateFuture });
      return z.NEVER;
    }
    return date;
  });

/** 'Maximum 200 acres': a sale cannot be larger than the project (the business terms' size). */
export const saleMaxAcresMessage = (projectAcres: number) => `Maximum ${projectAcres.toLocaleString('en-NG')} acres`;

const saleAcresUpTo = (max: number) =>
  z
    .number({ error: M.minAcres })
    .min(SALE_MIN_ACRES, { error: M.minAcres, abort: true })
    .max(max, { error: saleMaxAcresMessage(max), abort: true })
    .refine((acres) => Number.isInteger(acres * 2), M.acresStep);

/**
 * Half acres from 0.5 up to the largest project the terms allow: the request's rule. The project
 * in force bounds it further, in the affiliate decider (saleAcresBreach) and the form (saleReportSchemaFor).
 */
export const SaleAcresSchema = saleAcresUpTo(TERM_LIMITS.projectAcres.max);

/** A sale's acres past the project in force; null when within. */
export const saleAcresBreach = (terms: BusinessTerms, acres: number) =>
  acres > terms.projectAcres ? saleMaxAcresMessage(terms.projectAcres) : null;

export const SaleReportSchema = z.object({
  clientName: singleLine(
    z
      .string({ error: M.clientName })
      .trim()
      .min(2, { error: M.clientName, abort: true })
      .max(MAX_NAME_LENGTH, `Client name must be at most ${MAX_NAME_LENGTH} characters`),
    'Client name',
  ),
  clientPhone: nigerianPhoneSchema(M.clientPhone),
  acres: SaleAcresSchema,
  amountPaid: z
    .number({ error: M.amountPaid })
    .min(SALE_MIN_AMOUNT, M.amountPaid)
    .max(Number.MAX_SAFE_INTEGER, 'Amount is too large')
    .transform((amount) => Math.round(amount)),
  paymentPlan: z.enum(SALE_PAYMENT_PLANS, { error: M.paymentPlan }),
  transactionDate: TransactionDateSchema,
  /** SPEC 5: optional; the object path an upload answered, as for payment proofs. */
  proofImagePath: z
    .string({ error: 'Proof image must be an uploaded object path' })
    .trim()
    .max(MAX_URL_LENGTH, 'Proof image path is too long')
    .nullish()
    // Left out (not null) when none: the SPEC payload of a report without a proof is unchanged.
    .transform((path) => path || undefined),
});
export type SaleReport = z.infer<typeof SaleReportSchema>;

/** The report form's schema under the terms in force: at most the project's acres. */
export const saleReportSchemaFor = (terms: BusinessTerms) =>
  SaleReportSchema.extend({ acres: saleAcresUpTo(terms.projectAcres) });
export type SaleReportInput = z.input<typeof SaleReportSchema>;

export const SALE_REPORT_DEFAULTS = {
  clientName: '',
  clientPhone: '',
  acres: 1,
  amountPaid: 500_000,
  paymentPlan: 'outright',
} as const;

export const SaleSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  clientPhone: z.string(),
  clientEmail: z.string().nullable().optional(),
  acresPurchased: z.number(),
  amount: z.number(),
  status: z.enum(SALE_STATUSES).default('pending'),
  paymentPlan: z.enum(SALE_PAYMENT_PLANS).optional(),
  transactionDate: z.string().optional(),
  notes: z.string().nullable().optional(),
  reportedAt: IsoDateTimeSchema,
  verifiedAt: IsoDateTimeSchema.nullable().optional(),
  /** Percent (5, 7.5, 10), set when verified. */
  commissionRate: z.number().nullable().optional(),
  computedCommission: z.number().nullable(),
  /** null for a rejected sale: it earns nothing. */
  commissionStatus: z.enum(COMMISSION_STATUSES).nullable().optional(),
  /** The payout batch's bank narration, once the commission is in one. */
  payoutReference: z.string().nullable().optional(),
  /** The bank's transfer reference the admin recorded when the batch was paid. */
  transferReference: z.string().nullable().optional(),
  paidAt: IsoDateTimeSchema.nullable().optional(),
});
export type Sale = z.infer<typeof SaleSchema>;

/** GET /api/affiliate/sales */
export const SalesResponseSchema = z.array(SaleSchema);
export type SalesResponse = z.infer<typeof SalesResponseSchema>;

/**
 * GET /api/affiliate/stats. A rejected sale is not a sale: totalSales and totalAcresSold
 * cover the pending and verified ones; totalCommissions sums the verified ones.
 */
export const AffiliateStatsSchema = z.object({
  totalSales: z.number().int().nonnegative(),
  totalAcresSold: z.number().nonnegative(),
  verifiedSales: z.number().int().nonnegative(),
  pendingSales: z.number().int().nonnegative(),
  totalCommissions: z.number().nonnegative(),
  recentSales: z.array(SaleSchema),
  /** Leads and applications that arrived with the affiliate's code: counts, never people. */
  referredLeads: z.number().int().nonnegative(),
  referredApplications: z.number().int().nonnegative(),
});
export type AffiliateStats = z.infer<typeof AffiliateStatsSchema>;

/** Admin decision on a reported sale (DESIGN 9). */
export const SaleStatusUpdateSchema = z.object({
  status: z.enum(['verified', 'rejected'], { error: M.status }),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(MAX_NOTES_LENGTH, `Notes must be at most ${MAX_NOTES_LENGTH} characters`)
    .nullish()
    .transform((notes) => notes ?? ''),
});
export type SaleStatusUpdate = z.infer<typeof SaleStatusUpdateSchema>;
