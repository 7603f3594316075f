// A lead's timeline (issue 27 item 2): one row per event of its stream — the reservation, each
// owner assigned, stage moved and activity logged, who did it and when — and of the room's
// events about it (lead-timeline-room.ts), read as the
// contract's LeadTimelineEntry list, oldest first. Rows are only ever added (the event's
// position is in the key, so a replay is a no-op); an erasure overwrites the text.

import type { LeadMaterialsKind, LeadTimelineEntry } from '@acres/contracts/lead-pipeline-reads';
import type { ActorKind } from '@acres/contracts/events';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { Queryable } from '@acres/platform';
import { validate as isUuid } from 'uuid';
import { defineReadModel, type Position, type RowToWrite, type SqlTypes } from '../shared/read-model.ts';
import { defineInsertOnlyProjection } from '../shared/projection/insert-only-projection.ts';
import { parseEventData, type Projection } from '../shared/projection/projection.ts';
import type { ProjectionTarget } from '../shared/projection/define-projection.ts';
import { eraseColumns, idsOfKind } from '../shared/projection/with-erasure.ts';
import { LEAD_PIPELINE_EVENTS } from './lead-pipeline.ts';
import { LEAD_TIMELINE_ROOM_EVENTS, roomEntryOf } from './lead-timeline-room.ts';
import { DD_DOCUMENTS } from '../documents/documents.ts';

export const LEAD_TIMELINE = defineReadModel('lead-timeline', 'lead_timeline', '1700000000042_lead-pipeline.sql');

export type LeadTimelineRow = {
  lead_id: string;
  global_position: Position;
  type: LeadTimelineEntry['type'];
  at: Date;
  actor_kind: ActorKind;
  actor_id: string | null;
  activity: LeadTimelineEntry['activity'];
  text: string | null;
  from_stage: LeadTimelineEntry['from'];
  to_stage: LeadTimelineEntry['to'];
  owner_id: string | null;
  materials: LeadMaterialsKind | null;
  link_id: string | null;
  document_id: string | null;
  document_version: number | null;
};

export const LEAD_TIMELINE_COLUMNS = {
  lead_id: 'uuid',
  global_position: 'bigint',
  type: 'text',
  at: 'timestamptz',
  actor_kind: 'text',
  actor_id: 'text',
  activity: 'text',
  text: 'text',
  from_stage: 'text',
  to_stage: 'text',
  owner_id: 'text',
  materials: 'text',
  link_id: 'uuid',
  document_id: 'uuid',
  document_version: 'integer',
} as const satisfies SqlTypes<LeadTimelineRow>;

type Row = RowToWrite<LeadTimelineRow>;

const NO_ROOM = { materials: null, link_id: null, document_id: null, document_version: null } as const;
const EMPTY = { activity: null, text: null, from_stage: null, to_stage: null, owner_id: null, ...NO_ROOM } as const;

// Who acted comes from the event's data (the staff member it names); the kind from its metadata.
const toRow = (event: RecordedEvent): Row | null => {
  if ((LEAD_TIMELINE_ROOM_EVENTS as readonly string[]).includes(event.type)) {
    const entry = roomEntryOf(event);
    const position = event.globalPosition.toString();
    return entry && { ...EMPTY, ...entry, global_position: position, type: 'materials', actor_kind: event.metadata.actor.kind };
  }
  const common = { global_position: event.globalPosition.toString(), actor_kind: event.metadata.actor.kind, ...EMPTY };
  switch (event.type) {
    case 'SlotReserved': {
      const data = parseEventData('SlotReserved', event);
      return { ...common, lead_id: data.leadId, type: 'reserved', at: data.reservedAt, actor_id: event.metadata.actor.id };
    }
    case 'LeadOwnerAssigned': {
      const data = parseEventData('LeadOwnerAssigned', event);
      const owner = { owner_id: data.ownerId, actor_id: data.assignedBy };
      return { ...common, ...owner, lead_id: data.leadId, type: 'owner', at: data.assignedAt };
    }
    case 'LeadStageMoved': {
      const data = parseEventData('LeadStageMoved', event);
      const move = { from_stage: data.from, to_stage: data.to, text: data.reason, actor_id: data.movedBy };
      return { ...common, ...move, lead_id: data.leadId, type: 'stage', at: data.movedAt };
    }
    case 'LeadActivityLogged': {
      const data = parseEventData('LeadActivityLogged', event);
      const activity = { activity: data.kind, text: data.text, actor_id: data.loggedBy };
      return { ...common, ...activity, lead_id: data.leadId, type: 'activity', at: data.loggedAt };
    }
    default:
      throw new Error(`lead-timeline does not handle ${event.type}`);
  }
};

export const createLeadTimelineProjection = (target: ProjectionTarget = {}): Projection =>
  defineInsertOnlyProjection({
    model: LEAD_TIMELINE,
    target,
    handles: [...LEAD_PIPELINE_EVENTS, ...LEAD_TIMELINE_ROOM_EVENTS],
    columns: LEAD_TIMELINE_COLUMNS,
    key: ['lead_id', 'global_position'],
    toRows: toRow,
    erase: (table) => (client, subjects) =>
      eraseColumns(client, { table, key: 'lead_id', ids: idsOfKind(subjects, 'lead'), columns: ['text'] }),
  });

type ReadRow = LeadTimelineRow & { document_title: string | null };

const toEntry = (row: ReadRow): LeadTimelineEntry => ({
  type: row.type,
  at: row.at.toISOString(),
  actorKind: row.actor_kind,
  actor: row.actor_id,
  activity: row.activity,
  text: row.text,
  from: row.from_stage,
  to: row.to_stage,
  ownerId: row.owner_id,
  materials: row.materials,
  documentId: row.document_id,
  documentTitle: row.document_title,
});

/** A lead's timeline, oldest first; null when no lead has this id (a malformed id names none). */
export const readLeadTimeline = async (db: Queryable, leadId: string): Promise<LeadTimelineEntry[] | null> => {
  if (!isUuid(leadId)) return null;
  // A download names the document by id and version: its title is the room's, as of that version.
  const { rows } = await db.query<ReadRow>(
    `SELECT t.lead_id, t.global_position::text AS global_position, t.type, t.at, t.actor_kind, t.actor_id, t.activity,
            t.text, t.from_stage, t.to_stage, t.owner_id, t.materials, t.link_id, t.document_id, t.document_version,
            d.title AS document_title
       FROM ${LEAD_TIMELINE.table} t
       LEFT JOIN ${DD_DOCUMENTS.table} d ON d.document_id = t.document_id AND d.version = t.document_version
      WHERE t.lead_id = $1 ORDER BY t.global_position`,
    [leadId],
  );
  return rows.length === 0 ? null : rows.map(toEntry);
};
