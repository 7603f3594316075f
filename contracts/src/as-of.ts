// As of any moment (issue 14, item 6): the allocation, an investor's payments and an
// affiliate's statement viewed as the event log stood at one position, at the end of one
// Lagos day, or at a Lagos date and time of day (each resolves to the last position
// recorded by then). The screens ask for a date and time; positions stay for the API.

import { z } from 'zod';
import { AffiliateStatementSchema, StatementQuerySchema } from './affiliate-reads.ts';
import { AllocationSchema } from './payment.ts';
import { LAGOS_TIME_ZONE } from './lagos-time.ts';

/** The header (and the CSVs' first line) naming the log position an answer was taken at. */
export const AS_OF_POSITION_HEADER = 'x-acres-event-position';
/** Set when the position was resolved from asOfDate. */
export const AS_OF_DATE_HEADER = 'x-acres-as-of-date';
/** Set when the position was resolved from asOfDate and asOfTime. */
export const AS_OF_TIME_HEADER = 'x-acres-as-of-time';

export const AS_OF_TIME_ZONE = LAGOS_TIME_ZONE;

export const AS_OF_MESSAGES = {
  position: 'asOf must be an event-log position: a whole number of at most 19 digits',
  beyondHead: 'asOf is beyond the last event in the log',
  date: 'asOfDate must be a calendar date written YYYY-MM-DD',
  futureDate: 'asOfDate cannot be after today (Lagos)',
  earlyDate: 'asOfDate must be 2000-01-01 or later',
  both: 'Give asOf or asOfDate, not both',
  time: 'asOfTime must be a Lagos time written HH:MM or HH:MM:SS',
  timeNeedsDate: 'asOfTime needs asOfDate',
  futureTime: 'asOfTime cannot be later than now (Lagos)',
  missing: 'Choose a date',
} as const;

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** The query of every as-of view: both optional; none means now. */
export const AsOfShape = {
  asOf: z
    .string({ error: AS_OF_MESSAGES.position })
    .trim()
    .regex(/^\d{1,19}$/, { error: AS_OF_MESSAGES.position })
    .optional(),
  asOfDate: z
    .string({ error: AS_OF_MESSAGES.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: AS_OF_MESSAGES.date, abort: true })
    .refine(isCalendarDate, { error: AS_OF_MESSAGES.date, abort: true })
    // No event of this project is older; a year like 0202 is a typing mistake.
    .refine((date) => date >= '2000-01-01', AS_OF_MESSAGES.earlyDate)
    .optional(),
  /** A Lagos time of day on asOfDate: the view as the log stood at the end of that minute (or second). */
  asOfTime: z
    .string({ error: AS_OF_MESSAGES.time })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: AS_OF_MESSAGES.time })
    .optional(),
} as const;

export const checkAsOfOneOf = (
  query: { asOf?: string | undefined; asOfDate?: string | undefined; asOfTime?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (query.asOf !== undefined && query.asOfDate !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['asOf'], message: AS_OF_MESSAGES.both });
  }
  if (query.asOfTime !== undefined && query.asOfDate === undefined) {
    ctx.addIssue({ code: 'custom', path: ['asOfTime'], message: AS_OF_MESSAGES.timeNeedsDate });
  }
};

export const AsOfQuerySchema = z.object(AsOfShape).superRefine(checkAsOfOneOf);
export type AsOfQuery = z.infer<typeof AsOfQuerySchema>;

/** What every as-of answer says of when it was taken: the position always, the date when one was asked. */
export const AsOfStampShape = {
  /** The log position (decimal string: positions are 64-bit) the answer is exactly as of. */
  asOfPosition: z.string(),
  asOfDate: z.string().optional(),
  asOfTime: z.string().optional(),
} as const;
export const AsOfStampSchema = z.object(AsOfStampShape);
export type AsOfStamp = z.infer<typeof AsOfStampSchema>;

/** GET /api/admin/allocation: the allocation and the position it is as of. */
export const AllocationAsOfSchema = AllocationSchema.extend(AsOfStampShape);
export type AllocationAsOf = z.infer<typeof AllocationAsOfSchema>;

/** GET /api/affiliate/statements (and the admin's): the statement and the position it is as of. */
export const AffiliateStatementAsOfSchema = AffiliateStatementSchema.extend(AsOfStampShape);
export type AffiliateStatementAsOf = z.infer<typeof AffiliateStatementAsOfSchema>;

/** The statements' query: the month, and optionally the moment. */
export const StatementAsOfQuerySchema = StatementQuerySchema.extend(AsOfShape).superRefine(checkAsOfOneOf);

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The screens' "As of" form: a Lagos date and, optionally, a time of day (blank: the end of the day). */
export const AsOfFormSchema = z
  .object({
    asOfDate: z.preprocess(blankToUndefined, AsOfShape.asOfDate),
    asOfTime: z.preprocess(blankToUndefined, AsOfShape.asOfTime),
  })
  .refine((query) => query.asOfDate !== undefined, { path: ['asOfDate'], message: AS_OF_MESSAGES.missing });
export type AsOfFormValues = z.input<typeof AsOfFormSchema>;
