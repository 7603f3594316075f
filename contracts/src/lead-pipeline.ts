// The sales desk's lead pipeline (issue 27 item 2): a lead's stage, its owner and the
// activities the team logs on it. One rule per field: the lead dialog's forms, the command
// API and the lead decider all use these.

import { z } from 'zod';
import { singleLine } from './fields.ts';

export const LEAD_STAGES = ['new', 'contacted', 'materials_sent', 'applied', 'paid', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const LEAD_STAGE_LABELS = {
  new: 'New',
  contacted: 'Contacted',
  materials_sent: 'Materials sent',
  applied: 'Applied',
  paid: 'Paid',
  lost: 'Lost',
} as const satisfies Record<LeadStage, string>;

export const LEAD_ACTIVITY_KINDS = ['call', 'whatsapp', 'email', 'meeting', 'note'] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITY_KINDS)[number];

export const LEAD_ACTIVITY_LABELS = {
  call: 'Call',
  whatsapp: 'WhatsApp',
  email: 'Email',
  meeting: 'Meeting',
  note: 'Note',
} as const satisfies Record<LeadActivityKind, string>;

/** A note records no contact with the person; every other activity is one. */
export const isContactActivity = (kind: LeadActivityKind) => kind !== 'note';

/** The owner of a lead nobody has taken yet. */
export const UNASSIGNED_OWNER = 'unassigned';

/** The product promises contact within this long; a lead still new after it is overdue. */
export const LEAD_CONTACT_PROMISE_MS = 24 * 60 * 60 * 1000;

export const MAX_ACTIVITY_TEXT_LENGTH = 1000;
export const MAX_LOST_REASON_LENGTH = 500;
export const MAX_OWNER_ID_LENGTH = 100;

export const LEAD_PIPELINE_MESSAGES = {
  stage: `Stage must be one of: ${LEAD_STAGES.join(', ')}`,
  lostReason: 'Say why the lead is lost',
  lostReasonLength: `Reason must be at most ${MAX_LOST_REASON_LENGTH} characters`,
  activityKind: `Activity must be one of: ${LEAD_ACTIVITY_KINDS.join(', ')}`,
  activityText: 'Say what happened',
  activityTextLength: `Text must be at most ${MAX_ACTIVITY_TEXT_LENGTH} characters`,
  ownerId: `Owner must be a staff member's id (letters, digits and _ - . @ :, at most ${MAX_OWNER_ID_LENGTH}) or '${UNASSIGNED_OWNER}'`,
  sameStage: 'The lead is already in this stage',
  sameOwner: 'The lead already has this owner',
  leadNotFound: 'Lead not found',
} as const;

const M = LEAD_PIPELINE_MESSAGES;

export const LeadStageSchema = z.enum(LEAD_STAGES, { error: M.stage });
export const LeadActivityKindSchema = z.enum(LEAD_ACTIVITY_KINDS, { error: M.activityKind });

/** A staff member's id (the staff account's id; the Basic-auth owner's username until then), or 'unassigned'. */
export const OwnerIdSchema = z
  .string({ error: M.ownerId })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9_.@:-]{1,${MAX_OWNER_ID_LENGTH}}$`), M.ownerId);

export const LostReasonSchema = singleLine(
  z
    .string({ error: M.lostReason })
    .trim()
    .min(1, { error: M.lostReason, abort: true })
    .max(MAX_LOST_REASON_LENGTH, M.lostReasonLength),
  'Reason',
);

export const ActivityTextSchema = z
  .string({ error: M.activityText })
  .trim()
  .min(1, { error: M.activityText, abort: true })
  .max(MAX_ACTIVITY_TEXT_LENGTH, M.activityTextLength);

/** POST /api/admin/leads/{id}/owner */
export const AssignLeadOwnerRequestSchema = z.object({ ownerId: OwnerIdSchema });
export type AssignLeadOwnerRequest = z.infer<typeof AssignLeadOwnerRequestSchema>;

/** POST /api/admin/leads/{id}/stage: lost needs the reason; any other stage keeps none. */
export const MoveLeadStageRequestSchema = z
  .object({
    stage: LeadStageSchema,
    reason: z.string({ error: M.lostReason }).nullish(),
  })
  .superRefine((value, context) => {
    if (value.stage !== 'lost') return;
    const parsed = LostReasonSchema.safeParse(value.reason ?? '');
    if (!parsed.success) context.addIssue({ code: 'custom', path: ['reason'], message: parsed.error.issues[0]!.message });
  })
  .transform(({ stage, reason }) => ({ stage, reason: stage === 'lost' ? (reason ?? '').trim() : null }));
export type MoveLeadStageRequest = z.infer<typeof MoveLeadStageRequestSchema>;
export type MoveLeadStageInput = z.input<typeof MoveLeadStageRequestSchema>;

/** POST /api/admin/leads/{id}/activities */
export const LogLeadActivityRequestSchema = z.object({
  kind: LeadActivityKindSchema,
  text: ActivityTextSchema,
});
export type LogLeadActivityRequest = z.infer<typeof LogLeadActivityRequestSchema>;
export type LogLeadActivityInput = z.input<typeof LogLeadActivityRequestSchema>;
