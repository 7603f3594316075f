// The lead pipeline's events, in the lead's own stream (lead-{id}) after its SlotReserved.
// Each names who acted: a staff member's id, or the system for a move the product made
// itself (an application or payment from the same verified person).

import { z } from 'zod';
import { LEAD_ACTIVITY_KINDS, LEAD_STAGES } from '../lead-pipeline.ts';
import { EventTimestampSchema } from './metadata.ts';

const leadId = z.uuid();
const by = z.string().min(1).max(200);

export const LeadOwnerAssignedDataSchema = z.object({
  leadId,
  /** A staff member's id, or 'unassigned'. */
  ownerId: z.string().min(1).max(200),
  previousOwnerId: z.string().min(1).max(200),
  assignedBy: by,
  assignedAt: EventTimestampSchema,
});
export type LeadOwnerAssignedData = z.infer<typeof LeadOwnerAssignedDataSchema>;

/** What caused a move the system made: the application or approved payment of the same verified person. */
export const LeadStageCauseSchema = z.object({ kind: z.enum(['application', 'payment']), id: z.uuid() });
export type LeadStageCause = z.infer<typeof LeadStageCauseSchema>;

export const LeadStageMovedDataSchema = z.object({
  leadId,
  from: z.enum(LEAD_STAGES),
  to: z.enum(LEAD_STAGES),
  /** Why the lead is lost (to = 'lost'); null otherwise. Personal data: sealed with the lead's key. */
  reason: z.string().nullable(),
  movedBy: by,
  cause: LeadStageCauseSchema.nullable(),
  movedAt: EventTimestampSchema,
});
export type LeadStageMovedData = z.infer<typeof LeadStageMovedDataSchema>;

export const LeadActivityLoggedDataSchema = z.object({
  leadId,
  activityId: z.uuid(),
  kind: z.enum(LEAD_ACTIVITY_KINDS),
  /** What happened, in the staff member's words. Personal data: sealed with the lead's key. */
  text: z.string().min(1),
  loggedBy: by,
  loggedAt: EventTimestampSchema,
});
export type LeadActivityLoggedData = z.infer<typeof LeadActivityLoggedDataSchema>;
