// The admin's review of an application (issue 12 item 2) and what the applicant sees of it.
// One rule per field: the review dialog, the command API and the domain all use these.

import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './constants.ts';
import { adminListPageSchema, emailField, IsoDateTimeSchema, MAX_NOTES_LENGTH } from './fields.ts';
import { SubscriptionSchema } from './subscription.ts';

export const MAX_RECEIPT_NUMBER_LENGTH = 64;

export const APPLICATION_DECISION_MESSAGES = {
  amountVerified: 'Amount verified must be a whole number of naira greater than 0',
  amountVerifiedRequired: 'Amount verified is required to approve',
  receiptRequired: 'Escrow receipt number is required to approve',
  receiptFormat: `Escrow receipt number must be at most ${MAX_RECEIPT_NUMBER_LENGTH} letters, digits, spaces, '-' or '/'`,
  notes: `Notes must be at most ${MAX_NOTES_LENGTH} characters`,
  rejectNotes: 'Notes are required to reject: say why',
} as const;

const M = APPLICATION_DECISION_MESSAGES;
const RECEIPT_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9 /-]{0,${MAX_RECEIPT_NUMBER_LENGTH - 1}}$`);

export const AmountVerifiedSchema = z
  .number({ error: M.amountVerified })
  .int(M.amountVerified)
  .min(1, M.amountVerified)
  .max(Number.MAX_SAFE_INTEGER, M.amountVerified);

export const EscrowReceiptNumberSchema = z.string({ error: M.receiptFormat }).trim().regex(RECEIPT_PATTERN, M.receiptFormat);

export const DecisionNotesSchema = z
  .string({ error: M.notes })
  .trim()
  .max(MAX_NOTES_LENGTH, M.notes)
  .nullish()
  .transform((notes) => notes ?? '');

/** POST /api/admin/applications/{id}/approve: the amount the escrow received and its receipt. */
export const ApproveApplicationRequestSchema = z.object({
  amountVerified: z.number({ error: M.amountVerifiedRequired }).pipe(AmountVerifiedSchema),
  escrowReceiptNumber: z
    .string({ error: M.receiptRequired })
    .trim()
    .min(1, { error: M.receiptRequired, abort: true })
    .pipe(EscrowReceiptNumberSchema),
  notes: DecisionNotesSchema,
});
export type ApproveApplicationRequest = z.infer<typeof ApproveApplicationRequestSchema>;
export type ApproveApplicationInput = z.input<typeof ApproveApplicationRequestSchema>;

/** POST /api/admin/applications/{id}/reject: why, and what was received if anything. */
export const RejectApplicationRequestSchema = z.object({
  amountVerified: AmountVerifiedSchema.nullish().transform((amount) => amount ?? null),
  escrowReceiptNumber: z
    .string({ error: M.receiptFormat })
    .trim()
    .nullish()
    .transform((receipt) => (receipt ? receipt : null))
    .pipe(EscrowReceiptNumberSchema.nullable()),
  notes: z.string({ error: M.rejectNotes }).trim().min(1, { error: M.rejectNotes, abort: true }).max(MAX_NOTES_LENGTH, M.notes),
});
export type RejectApplicationRequest = z.infer<typeof RejectApplicationRequestSchema>;
export type RejectApplicationInput = z.input<typeof RejectApplicationRequestSchema>;

export const APPLICATION_DECISIONS = ['approved', 'rejected'] as const;
export type ApplicationDecisionStatus = (typeof APPLICATION_DECISIONS)[number];

/** The answer to either decision: the new status and its event's global position. */
export const ApplicationDecidedSchema = z.object({
  id: z.string(),
  status: z.enum(APPLICATION_DECISIONS),
  position: z.string().regex(/^\d+$/, 'position must be a decimal string'),
});
export type ApplicationDecided = z.infer<typeof ApplicationDecidedSchema>;

/** The admin's view of one application: the subscription and its decision. */
export const AdminApplicationSchema = SubscriptionSchema.extend({
  decisionNotes: z.string().nullable(),
  decidedAt: IsoDateTimeSchema.nullable(),
  decidedBy: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof AdminApplicationSchema>;

export const AdminApplicationsResponseSchema = adminListPageSchema('subscriptions', AdminApplicationSchema);
export type AdminApplicationsResponse = z.infer<typeof AdminApplicationsResponseSchema>;

export const APPLICATION_STATUS_MESSAGES = {
  applicationNumber: 'Enter your application number, e.g. ACR-2026-04HMASW9',
  email: 'Enter the email address you applied with',
  notFound: 'No application matches this application number and email',
} as const;

/** The public status page's question: both must match the same application. */
export const ApplicationStatusQuerySchema = z.object({
  applicationNumber: z
    .string({ error: APPLICATION_STATUS_MESSAGES.applicationNumber })
    .trim()
    .toUpperCase()
    .min(1, { error: APPLICATION_STATUS_MESSAGES.applicationNumber, abort: true })
    .max(40, APPLICATION_STATUS_MESSAGES.applicationNumber),
  // The application form's own email rule, so what it accepted is found again.
  email: emailField(APPLICATION_STATUS_MESSAGES.email),
});
export type ApplicationStatusQuery = z.infer<typeof ApplicationStatusQuerySchema>;
export type ApplicationStatusQueryInput = z.input<typeof ApplicationStatusQuerySchema>;

/**
 * What an applicant sees of their application: status, what the escrow received and when it
 * was decided. The admin's notes and name stay internal (they are written for colleagues).
 */
export const ApplicationStatusSchema = z.object({
  applicationNumber: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  acresSubscribed: z.number().int(),
  subscriptionValue: z.number(),
  submittedAt: IsoDateTimeSchema,
  amountVerified: z.number().nullable(),
  escrowReceiptNumber: z.string().nullable(),
  decidedAt: IsoDateTimeSchema.nullable(),
});
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

/** GET /api/applications/mine: the signed-in user's applications (by their account's email). */
export const MyApplicationsResponseSchema = z.array(ApplicationStatusSchema);
export type MyApplicationsResponse = z.infer<typeof MyApplicationsResponseSchema>;
