// The affiliate's monthly commission statement and the admin's affiliate lists
// (issue 4; SPEC is silent on both, DESIGN 9 fixes rates at verification).

import { z } from 'zod';
import { AffiliateSchema } from './affiliate.ts';
import { adminListPageSchema, IsoDateTimeSchema } from './fields.ts';
import { COMMISSION_STATUSES } from './payout.ts';
import { SaleSchema } from './sale.ts';
import { LAGOS_TIME_ZONE } from './lagos-time.ts';

/** Statement months are calendar months in Lagos, where the business runs. */
export const STATEMENT_TIME_ZONE = LAGOS_TIME_ZONE;

// Earlier months hold no sale of this project; a year like 0202 is a typing mistake.
export const EARLIEST_STATEMENT_MONTH = '2000-01';

export const STATEMENT_MESSAGES = {
  month: 'Month must be a calendar month written YYYY-MM',
  tooEarly: `Month must be ${EARLIEST_STATEMENT_MONTH} or later`,
  future: 'Month cannot be in the future',
} as const;

const monthParts = new Intl.DateTimeFormat('en-CA', { timeZone: STATEMENT_TIME_ZONE, year: 'numeric', month: '2-digit' });

/** 'YYYY-MM' of an instant in Lagos time. */
export function statementMonthOf(date: Date): string {
  const parts = monthParts.formatToParts(date);
  return `${parts.find((part) => part.type === 'year')?.value}-${parts.find((part) => part.type === 'month')?.value}`;
}

/** 'YYYY-MM' with a real month and not before EARLIEST_STATEMENT_MONTH (the future is checked against a clock). */
export const StatementMonthSchema = z
  .string({ error: STATEMENT_MESSAGES.month })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: STATEMENT_MESSAGES.month, abort: true })
  .refine((month) => month >= EARLIEST_STATEMENT_MONTH, STATEMENT_MESSAGES.tooEarly);

/** GET /api/affiliate/statements?month=YYYY-MM and its .csv twin. */
export const StatementQuerySchema = z.object({ month: StatementMonthSchema });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

export const StatementSaleSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  acres: z.number(),
  amount: z.number(),
  verifiedAt: IsoDateTimeSchema,
  /** Percent fixed at verification: 5, 7.5 or 10. */
  commissionRate: z.number(),
  computedCommission: z.number(),
  commissionStatus: z.enum(COMMISSION_STATUSES),
  payoutReference: z.string().nullable(),
  transferReference: z.string().nullable(),
  paidAt: IsoDateTimeSchema.nullable(),
});
export type StatementSale = z.infer<typeof StatementSaleSchema>;

/** Verified sales of one Lagos month, ordered by verification time then id, with totals. */
export const AffiliateStatementSchema = z.object({
  month: z.string(),
  sales: z.array(StatementSaleSchema),
  totals: z.object({
    sales: z.number().int().nonnegative(),
    acres: z.number().nonnegative(),
    amount: z.number().nonnegative(),
    commission: z.number().nonnegative(),
  }),
});
export type AffiliateStatement = z.infer<typeof AffiliateStatementSchema>;

/** An affiliate as the admin lists them: the profile with their sales in figures. */
export const AdminAffiliateSchema = AffiliateSchema.extend({
  verifiedSales: z.number().int().nonnegative(),
  /** Reported and not rejected (pending or verified). */
  totalSales: z.number().int().nonnegative(),
  pendingSales: z.number().int().nonnegative(),
  rejectedSales: z.number().int().nonnegative(),
  /** Sum of the verified sales' commissions. */
  totalCommissions: z.number().nonnegative(),
});
export type AdminAffiliate = z.infer<typeof AdminAffiliateSchema>;

/** GET /api/admin/affiliates */
export const AdminAffiliatesResponseSchema = adminListPageSchema('affiliates', AdminAffiliateSchema);
export type AdminAffiliatesResponse = z.infer<typeof AdminAffiliatesResponseSchema>;

/** A reported sale as the admin reviews it: who reported it and how it was decided. */
export const AdminAffiliateSaleSchema = SaleSchema.extend({
  affiliateId: z.string(),
  affiliateUserId: z.string(),
  /** null while the affiliate's profile has not reached the read model. */
  affiliateName: z.string().nullable(),
  referralCode: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  rejectedAt: IsoDateTimeSchema.nullable(),
  rejectedBy: z.string().nullable(),
  proofImagePath: z.string().nullable(),
});
export type AdminAffiliateSale = z.infer<typeof AdminAffiliateSaleSchema>;

/** GET /api/admin/affiliate-sales */
export const AdminAffiliateSalesResponseSchema = adminListPageSchema('sales', AdminAffiliateSaleSchema);
export type AdminAffiliateSalesResponse = z.infer<typeof AdminAffiliateSalesResponseSchema>;
