// The sales desk's work on a lead in the Audit log (issue 27): who took it, moved it and logged
// contact. The summary never repeats the activity's text or the lost reason (the lead's personal
// data, on the lead's timeline); a move the product made itself is the system's.

import { LEAD_STAGE_LABELS, UNASSIGNED_OWNER, type LeadActivityKind } from '@acres/contracts/lead-pipeline';
import type { RecordedEvent } from '@acres/eventstore/port';
import { auditEntry, mention, type Actor } from './entry.ts';

const ACTIVITY_WORDS: Readonly<Record<LeadActivityKind, string>> = {
  call: 'a call',
  whatsapp: 'a WhatsApp message',
  email: 'an email',
  meeting: 'a meeting',
  note: 'a note',
};

const actorOf = (event: RecordedEvent, staff: string): Actor =>
  event.metadata.actor.kind === 'system' ? ['system', null] : ['admin', staff];

export const leadOwnerAssigned = auditEntry('LeadOwnerAssigned', 'lead.owner-assigned', (data, event) => ({
  at: data.assignedAt,
  actor: actorOf(event, data.assignedBy),
  subject: ['lead', data.leadId],
  summary:
    data.ownerId === UNASSIGNED_OWNER
      ? `Left ${mention('lead', data.leadId)} without an owner`
      : `Gave ${mention('lead', data.leadId)} to ${mention('staff', data.ownerId)}`,
}));

export const leadStageMoved = auditEntry('LeadStageMoved', 'lead.stage-moved', (data, event) => ({
  at: data.movedAt,
  actor: actorOf(event, data.movedBy),
  subject: ['lead', data.leadId],
  summary: `Moved ${mention('lead', data.leadId)} from ${LEAD_STAGE_LABELS[data.from]} to ${LEAD_STAGE_LABELS[data.to]}`,
}));

export const leadActivityLogged = auditEntry('LeadActivityLogged', 'lead.activity-logged', (data, event) => ({
  at: data.loggedAt,
  actor: actorOf(event, data.loggedBy),
  subject: ['lead', data.leadId],
  summary: `Logged ${ACTIVITY_WORDS[data.kind]} with ${mention('lead', data.leadId)}`,
}));
