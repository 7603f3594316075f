import {
  AssignLeadOwnerRequestSchema,
  isContactActivity,
  LEAD_PIPELINE_MESSAGES,
  LogLeadActivityRequestSchema,
  MoveLeadStageRequestSchema,
  type DomainEventOf,
  type LeadActivityKind,
  type LeadStage,
  type LeadStageCause,
} from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { throwIfInvalid } from '../validation.ts';
import { isAutomaticMove, stageMoveRefusal } from './stage-rules.ts';

// The pipeline's commands on a reserved lead: staff assign its owner, move its stage and log
// what they did; the product moves it on by itself when the same verified person applies or pays.

/** Who the product's own moves name. */
export const SYSTEM_ACTOR_ID = 'system';

export type AssignLeadOwner = { type: 'AssignLeadOwner'; leadId: string; ownerId: string; by: string; now: Date };
export type MoveLeadStage = {
  type: 'MoveLeadStage';
  leadId: string;
  stage: LeadStage;
  reason?: string | null | undefined;
  by: string;
  now: Date;
};
export type LogLeadActivity = {
  type: 'LogLeadActivity';
  leadId: string;
  activityId: string;
  kind: LeadActivityKind;
  text: string;
  by: string;
  now: Date;
};
export type AdvanceLead = { type: 'AdvanceLead'; leadId: string; to: 'applied' | 'paid'; cause: LeadStageCause; now: Date };
export type LeadPipelineCommand = AssignLeadOwner | MoveLeadStage | LogLeadActivity | AdvanceLead;

export type LeadOwnerAssigned = DomainEventOf<'LeadOwnerAssigned'>;
export type LeadStageMoved = DomainEventOf<'LeadStageMoved'>;
export type LeadActivityLogged = DomainEventOf<'LeadActivityLogged'>;
export type LeadPipelineEvent = LeadOwnerAssigned | LeadStageMoved | LeadActivityLogged;

export type ReservedLead = { status: 'reserved'; leadId: string; stage: LeadStage; ownerId: string };

type Schema<T> = {
  safeParse: (
    value: unknown,
  ) =>
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

/** The contract's rule again, so a command built anywhere but the route is held to it too. */
const parsed = <T>(schema: Schema<T>, value: unknown): T => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throwIfInvalid(result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })));
  throw new Error('unreachable');
};

/** The lead a pipeline command names, or 404 when its stream holds no reservation of it. */
export const reservedLead = (state: { status: 'none' } | ReservedLead, leadId: string): ReservedLead => {
  if (state.status !== 'reserved' || state.leadId !== leadId)
    throw new DomainError('not_found', LEAD_PIPELINE_MESSAGES.leadNotFound);
  return state;
};

const stageMoved = (
  lead: ReservedLead,
  move: { to: LeadStage; reason: string | null; by: string; cause: LeadStageCause | null; now: Date },
): LeadStageMoved => ({
  type: 'LeadStageMoved',
  data: {
    leadId: lead.leadId,
    from: lead.stage,
    to: move.to,
    reason: move.reason,
    movedBy: move.by,
    cause: move.cause,
    movedAt: move.now.toISOString(),
  },
});

export const assignLeadOwner = (command: AssignLeadOwner, lead: ReservedLead): LeadPipelineEvent[] => {
  const { ownerId } = parsed(AssignLeadOwnerRequestSchema, { ownerId: command.ownerId });
  // Assigning the owner it has changes nothing: a repeat (a double click) records nothing.
  if (ownerId === lead.ownerId) return [];
  return [
    {
      type: 'LeadOwnerAssigned',
      data: {
        leadId: lead.leadId,
        ownerId,
        previousOwnerId: lead.ownerId,
        assignedBy: command.by,
        assignedAt: command.now.toISOString(),
      },
    },
  ];
};

export const moveLeadStage = (command: MoveLeadStage, lead: ReservedLead): LeadPipelineEvent[] => {
  const move = parsed(MoveLeadStageRequestSchema, { stage: command.stage, reason: command.reason });
  const refusal = stageMoveRefusal(lead.stage, move.stage);
  if (refusal) throw new DomainError('conflict', refusal);
  return [stageMoved(lead, { to: move.stage, reason: move.reason, by: command.by, cause: null, now: command.now })];
};

/** A contact (not a note) logged on a new lead is its first contact: it moves to contacted in the same append. */
export const logLeadActivity = (command: LogLeadActivity, lead: ReservedLead): LeadPipelineEvent[] => {
  const activity = parsed(LogLeadActivityRequestSchema, { kind: command.kind, text: command.text });
  const logged: LeadActivityLogged = {
    type: 'LeadActivityLogged',
    data: {
      leadId: lead.leadId,
      activityId: command.activityId,
      kind: activity.kind,
      text: activity.text,
      loggedBy: command.by,
      loggedAt: command.now.toISOString(),
    },
  };
  if (lead.stage !== 'new' || !isContactActivity(activity.kind)) return [logged];
  return [logged, stageMoved(lead, { to: 'contacted', reason: null, by: command.by, cause: null, now: command.now })];
};

/** The product's own move: nothing when the lead is there already or further on. */
export const advanceLead = (command: AdvanceLead, lead: ReservedLead): LeadPipelineEvent[] =>
  isAutomaticMove(lead.stage, command.to)
    ? [stageMoved(lead, { to: command.to, reason: null, by: SYSTEM_ACTOR_ID, cause: command.cause, now: command.now })]
    : [];
