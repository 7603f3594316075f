// The admin's Audit log (issue 12, item 3): one entry per event that records an admin action
// or a state change of a payment, application, affiliate sale, affiliate, payout, setting or
// projection. The entries are a read model over the event log, never a side table.

import { z } from 'zod';
import { adminListPageSchema, IsoDateTimeSchema, isCalendarDate } from './fields.ts';
import { SettingsChangeSchema } from './settings-reads.ts';

/** What happened, `<subject>.<verb>`; the filter offers these. */
export const AUDIT_KINDS = [
  'payment.submitted',
  'payment.approved',
  'payment.rejected',
  'application.submitted',
  'application.approved',
  'application.rejected',
  'affiliate.registered',
  'affiliate.suspended',
  'affiliate.reactivated',
  'sale.reported',
  'sale.verified',
  'sale.rejected',
  'payout.created',
  'payout.paid',
  'settings.changed',
  'projection.rebuild-requested',
  'projection.rebuilt',
  'projection.resumed',
  'projection.event-skipped',
  'notification.retry-requested',
  'account.password-reset',
  'account.email-verified',
  'account.phone-verified',
  'consent.opted-out',
  'consent.opted-in',
  'privacy.erased',
  'privacy.exported',
  'staff.invited',
  'staff.joined',
  'staff.role-changed',
  'staff.removed',
  'document.uploaded',
  'materials.sent',
  'materials.revoked',
  'lead.owner-assigned',
  'lead.stage-moved',
  'lead.activity-logged',
  'log.integrity-checked',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Readonly<Record<AuditKind, string>> = {
  'payment.submitted': 'Payment submitted',
  'payment.approved': 'Payment approved',
  'payment.rejected': 'Payment rejected',
  'application.submitted': 'Application submitted',
  'application.approved': 'Application approved',
  'application.rejected': 'Application rejected',
  'affiliate.registered': 'Affiliate registered',
  'affiliate.suspended': 'Affiliate suspended',
  'affiliate.reactivated': 'Affiliate reactivated',
  'sale.reported': 'Sale reported',
  'sale.verified': 'Sale verified',
  'sale.rejected': 'Sale rejected',
  'payout.created': 'Payout batch created',
  'payout.paid': 'Payout batch paid',
  'settings.changed': 'Settings changed',
  'projection.rebuild-requested': 'Rebuild requested',
  'projection.rebuilt': 'Projection rebuilt',
  'projection.resumed': 'Projection resumed',
  'projection.event-skipped': 'Event skipped',
  'notification.retry-requested': 'Message retried',
  'account.password-reset': 'Password reset',
  'account.email-verified': 'Email confirmed',
  'account.phone-verified': 'Phone number confirmed',
  'consent.opted-out': 'Opted out of marketing',
  'consent.opted-in': 'Opted in to marketing',
  'privacy.erased': 'Personal data erased',
  'privacy.exported': 'Personal data downloaded',
  'staff.invited': 'Staff member invited',
  'staff.joined': 'Staff member joined',
  'staff.role-changed': 'Staff role changed',
  'staff.removed': 'Staff member removed',
  'document.uploaded': 'Due-diligence document uploaded',
  'materials.sent': 'Materials sent',
  'materials.revoked': 'Materials link revoked',
  'lead.owner-assigned': 'Lead owner assigned',
  'lead.stage-moved': 'Lead stage moved',
  'lead.activity-logged': 'Lead contact logged',
  'log.integrity-checked': 'Records checked',
};

/**
 * Who acted: the admin (by username), an investor or affiliate (by id), an applicant, a contact
 * (someone who replied STOP or used an unsubscribe link, by masked address), or the system.
 */
export const AUDIT_ACTOR_KINDS = ['admin', 'investor', 'affiliate', 'applicant', 'contact', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** What the entry is about; with subjectId it is the link to the subject. */
export const AUDIT_SUBJECT_TYPES = [
  'payment',
  'application',
  'affiliate',
  'sale',
  'payout',
  'settings',
  'projection',
  'notification',
  'account',
  'consent',
  'person',
  'staff',
  'document',
  'lead',
  /** The event log as a whole: its integrity checks. */
  'log',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const AuditEntrySchema = z.object({
  /** The event's global position: the log's order, unique per entry. */
  position: z.string().regex(/^\d+$/),
  occurredAt: IsoDateTimeSchema,
  kind: z.enum(AUDIT_KINDS),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  /** The staff member's id (the Basic-auth owner's username), the investor's user id, the affiliate's id; null for an applicant or the system. */
  actorId: z.string().nullable(),
  /** A staff actor's name as the staff list knows it now; null for anyone else or an id it does not know. Additive (issue 27). */
  actorName: z.string().nullable().optional(),
  subjectType: z.enum(AUDIT_SUBJECT_TYPES),
  subjectId: z.string(),
  /** The person the subject is (or belongs to), by name or email, while their record lasts; null otherwise. Additive (issue 29). */
  subjectName: z.string().nullable().optional(),
  summary: z.string(),
  notes: z.string().nullable(),
  /** Old → new values, for the events that carry them (settings changes). */
  changes: z.array(SettingsChangeSchema).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AdminAuditLogResponseSchema = adminListPageSchema('entries', AuditEntrySchema);
export type AdminAuditLogResponse = z.infer<typeof AdminAuditLogResponseSchema>;

const lagosDate = (field: string) =>
  z
    .string({ error: `${field} must be a date written YYYY-MM-DD` })
    .refine(isCalendarDate, `${field} must be a date written YYYY-MM-DD`);

const filterText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(200, `${field} must be at most 200 characters`)
    .refine((text) => !text.includes('\u0000'), `${field} must not contain NUL characters`)
    .transform((text) => (text === '' ? undefined : text))
    .optional();

/** The filters of GET /api/admin/audit-log and its CSV export; dates are Lagos calendar days, both included. */
export const AuditLogFiltersObjectSchema = z.object({
  actorKind: z.enum(AUDIT_ACTOR_KINDS, { error: `actorKind must be one of ${AUDIT_ACTOR_KINDS.join(', ')}` }).optional(),
  /** The staff member's id or the owner's username (or a user or affiliate id), exactly, ignoring case. */
  actor: filterText('actor'),
  kind: z.enum(AUDIT_KINDS, { error: 'kind must be one of the audit kinds' }).optional(),
  subjectType: z.enum(AUDIT_SUBJECT_TYPES, { error: `subjectType must be one of ${AUDIT_SUBJECT_TYPES.join(', ')}` }).optional(),
  /** The subject's id, or its beginning. */
  subjectId: filterText('subjectId'),
  from: lagosDate('from').optional(),
  to: lagosDate('to').optional(),
});

/** A date range that ends before it starts answers 400 naming `to`. */
export const checkAuditDateRange = (
  filters: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
) => {
  if (filters.from && filters.to && filters.from > filters.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
  }
};

export const AuditLogFiltersSchema = AuditLogFiltersObjectSchema.superRefine(checkAuditDateRange);
export type AuditLogFilters = z.infer<typeof AuditLogFiltersSchema>;
