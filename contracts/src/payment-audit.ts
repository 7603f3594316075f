// The admin's payment audit (issue 12, item 3): the filters of GET /api/admin/payments and of
// its CSV export, one rule per field for the query API and the Payments tab.

import { z } from 'zod';
import { PAYMENT_STATUSES } from './constants.ts';

export const PAYMENT_SEARCH_MAX_LENGTH = 200;

export const PAYMENT_AUDIT_MESSAGES = {
  status: 'status must be pending, approved, rejected or all',
  search: `search must be at most ${PAYMENT_SEARCH_MAX_LENGTH} characters`,
  searchNul: 'search must not contain NUL characters',
  date: 'must be a date as YYYY-MM-DD',
  range: 'to must be on or after from',
  investor: 'investor must be an investor id (a UUID)',
} as const;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day ('2025-02-30' is not one): the day as Lagos lives it, not an instant. */
const isCalendarDate = (value: string) => {
  if (!CALENDAR_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

// A cleared date input sends '': no bound, as when the field is left out.
const LagosDaySchema = (field: 'from' | 'to') =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: `${field} ${PAYMENT_AUDIT_MESSAGES.date}` })
      .trim()
      .refine(isCalendarDate, `${field} ${PAYMENT_AUDIT_MESSAGES.date}`)
      .optional(),
  );

/**
 * What the payment audit narrows the list to. `search` finds a fragment of the investor's
 * name, email or the payment id; `from` and `to` are Lagos calendar days of submission,
 * both included; `investor` is one investor's user id.
 */
export const AdminPaymentsFilterShape = {
  search: z
    .string()
    .trim()
    .max(PAYMENT_SEARCH_MAX_LENGTH, PAYMENT_AUDIT_MESSAGES.search)
    .refine((text) => !text.includes('\u0000'), PAYMENT_AUDIT_MESSAGES.searchNul)
    .optional()
    .transform((text) => (text === '' ? undefined : text)),
  // 'all' is the filter's "no filter" choice, the same as leaving status out.
  status: z
    .enum([...PAYMENT_STATUSES, 'all'], { error: PAYMENT_AUDIT_MESSAGES.status })
    .optional()
    .transform((status) => (status === 'all' ? undefined : status)),
  from: LagosDaySchema('from'),
  to: LagosDaySchema('to'),
  investor: z.uuid({ error: PAYMENT_AUDIT_MESSAGES.investor }).optional(),
};

/** A date range that ends before it starts is refused, naming `to`. */
export const checkDateRange = (filter: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) => {
  if (filter.from && filter.to && filter.from > filter.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: PAYMENT_AUDIT_MESSAGES.range });
  }
};

export const AdminPaymentsFilterSchema = z.object(AdminPaymentsFilterShape).superRefine(checkDateRange);
export type AdminPaymentsFilter = z.output<typeof AdminPaymentsFilterSchema>;
export type AdminPaymentsFilterInput = z.input<typeof AdminPaymentsFilterSchema>;

/** The response header (and the CSV's first line) naming the event-log position an export was taken at. */
export const EXPORT_POSITION_HEADER = 'x-acres-event-position';
