// What the admin reads of the lead pipeline: a lead's timeline, and for a chosen period the
// time to first contact and the funnel lead → contacted → applied → paid.

import { z } from 'zod';
import { ACTOR_KINDS } from './events/metadata.ts';
import { IsoDateTimeSchema, isCalendarDate } from './fields.ts';
import { LAGOS_TIME_ZONE } from './lagos-time.ts';
import { LEAD_ACTIVITY_KINDS, LEAD_STAGES } from './lead-pipeline.ts';

export const LEAD_TIMELINE_TYPES = ['reserved', 'activity', 'stage', 'owner', 'materials'] as const;
/** What a 'materials' entry records: a link to the room sent or revoked by staff, the lead's view of its page or a download through it. */
export const LEAD_MATERIALS_KINDS = ['sent', 'revoked', 'viewed', 'downloaded'] as const;
export type LeadMaterialsKind = (typeof LEAD_MATERIALS_KINDS)[number];
export type LeadTimelineType = (typeof LEAD_TIMELINE_TYPES)[number];

/** One entry of a lead's timeline, oldest first; the fields a type does not use are null. */
export const LeadTimelineEntrySchema = z.object({
  type: z.enum(LEAD_TIMELINE_TYPES),
  at: IsoDateTimeSchema,
  actorKind: z.enum(ACTOR_KINDS),
  /** The staff member's id, 'system' for the product's own moves, null for the visitor's reservation. */
  actor: z.string().nullable(),
  activity: z.enum(LEAD_ACTIVITY_KINDS).nullable(),
  text: z.string().nullable(),
  from: z.enum(LEAD_STAGES).nullable(),
  to: z.enum(LEAD_STAGES).nullable(),
  ownerId: z.string().nullable(),
  /** A 'materials' entry's kind; null for the other types. Additive (issue 27). */
  materials: z.enum(LEAD_MATERIALS_KINDS).nullable().optional(),
  /** The downloaded document and its version's title; null for the other entries. */
  documentId: z.string().nullable().optional(),
  documentTitle: z.string().nullable().optional(),
});
export type LeadTimelineEntry = z.infer<typeof LeadTimelineEntrySchema>;

/** GET /api/admin/leads/{id}/timeline */
export const LeadTimelineResponseSchema = z.object({ leadId: z.string(), entries: z.array(LeadTimelineEntrySchema) });
export type LeadTimelineResponse = z.infer<typeof LeadTimelineResponseSchema>;

export const LEAD_METRICS_MAX_DAYS = 366;
export const LEAD_METRICS_DEFAULT_DAYS = 30;

export const LEAD_METRICS_MESSAGES = {
  from: 'from must be a date (YYYY-MM-DD)',
  to: 'to must be a date (YYYY-MM-DD)',
  order: 'from must not be after to',
  span: `The period must be at most ${LEAD_METRICS_MAX_DAYS} days`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A Lagos calendar day 'YYYY-MM-DD'; empty is "not given" (a cleared date field). */
const periodDay = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), message)
    .optional()
    .transform((value) => value || undefined);

/**
 * GET /api/admin/leads/metrics?from=&to=: the leads received from the first Lagos day to the
 * last, both included. Without them, the last 30 Lagos days up to today.
 */
export const LeadMetricsQuerySchema = z
  .object({
    from: periodDay(LEAD_METRICS_MESSAGES.from),
    to: periodDay(LEAD_METRICS_MESSAGES.to),
  })
  .superRefine((value, context) => {
    if (!value.from || !value.to) return;
    const span = (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS;
    if (span < 0) context.addIssue({ code: 'custom', path: ['from'], message: LEAD_METRICS_MESSAGES.order });
    else if (span + 1 > LEAD_METRICS_MAX_DAYS)
      context.addIssue({ code: 'custom', path: ['to'], message: LEAD_METRICS_MESSAGES.span });
  });
export type LeadMetricsQuery = z.infer<typeof LeadMetricsQuerySchema>;

const count = z.number().int().nonnegative();

export const LeadFunnelStepSchema = z.object({
  step: z.enum(['lead', 'contacted', 'applied', 'paid']),
  /** The period's leads that ever reached this step (a paid lead counts as applied and contacted too). */
  leads: count,
});
export type LeadFunnelStep = z.infer<typeof LeadFunnelStepSchema>;

export const LeadMetricsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  timeZone: z.literal(LAGOS_TIME_ZONE),
  firstContact: z.object({
    /** Leads whose 24 hours are up or that were contacted sooner: the share's denominator. */
    due: count,
    contacted: count,
    within24Hours: count,
    /** within24Hours / due, 0 to 1; null when no lead is due yet. */
    shareWithin24Hours: z.number().min(0).max(1).nullable(),
    /** Median minutes from the lead's arrival to its first contact; null when none was contacted. */
    medianMinutes: z.number().nonnegative().nullable(),
  }),
  funnel: z.array(LeadFunnelStepSchema),
});
export type LeadMetrics = z.infer<typeof LeadMetricsSchema>;
