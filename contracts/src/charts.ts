// The dashboards' charts (issue 11): weekly series on the admin's overview and monthly
// series on the affiliate's dashboard. Weeks (Monday to Sunday) and months are counted in
// Lagos time, like the affiliate's statements.

import { z } from 'zod';
import { wholeNumberParam } from './fields.ts';
import { LAGOS_TIME_ZONE } from './lagos-time.ts';

export const CHART_TIME_ZONE = LAGOS_TIME_ZONE;

export const CHART_WEEKS = { default: 12, min: 1, max: 52 } as const;
export const CHART_MONTHS = { default: 12, min: 1, max: 24 } as const;

const countSchema = z.number().int().nonnegative();

/** GET /api/admin/charts?weeks=N: the last N Lagos weeks, the current one included. */
export const AdminChartsQuerySchema = z.object({
  weeks: wholeNumberParam('weeks', CHART_WEEKS),
});
export type AdminChartsQuery = z.infer<typeof AdminChartsQuerySchema>;

/** One Lagos week: what happened in it, and the allocation as it stood at its end. */
export const AdminChartWeekSchema = z.object({
  /** The Monday the week starts on, 'YYYY-MM-DD' in Lagos. */
  weekStart: z.iso.date(),
  leads: countSchema,
  applications: countSchema,
  paymentsSubmitted: countSchema,
  paymentsApproved: countSchema,
  /** Acres approved since the start, at the end of the week (or now, for the current week). */
  acresApproved: countSchema,
  /** Investors with an approved payment since the start, at the end of the week. */
  partners: countSchema,
});
export type AdminChartWeek = z.infer<typeof AdminChartWeekSchema>;

export const AdminChartsSchema = z.object({
  timeZone: z.literal(CHART_TIME_ZONE),
  projectAcres: countSchema,
  partnerSlots: countSchema,
  /** Oldest first, one entry per week, weeks without activity included as zeros. */
  weeks: z.array(AdminChartWeekSchema),
});
export type AdminCharts = z.infer<typeof AdminChartsSchema>;

/** GET /api/affiliate/charts?months=N: the last N Lagos months, the current one included. */
export const AffiliateChartsQuerySchema = z.object({
  months: wholeNumberParam('months', CHART_MONTHS),
});
export type AffiliateChartsQuery = z.infer<typeof AffiliateChartsQuerySchema>;

export const AffiliateChartMonthSchema = z.object({
  /** 'YYYY-MM' in Lagos. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  /** Leads that came with the affiliate's referral code, by when they were received. */
  referredLeads: countSchema,
  /** Commission of the sales verified in the month (naira), as in that month's statement. */
  commission: z.number().nonnegative(),
});
export type AffiliateChartMonth = z.infer<typeof AffiliateChartMonthSchema>;

export const AffiliateChartsSchema = z.object({
  timeZone: z.literal(CHART_TIME_ZONE),
  /** Oldest first, one entry per month, months without activity included as zeros. */
  months: z.array(AffiliateChartMonthSchema),
});
export type AffiliateCharts = z.infer<typeof AffiliateChartsSchema>;
