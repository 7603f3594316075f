// What was done with the room (issue 27, item 3): one row per event, keyed by its position so
// a replay is a no-op: links sent and revoked, views and downloads through a link (against the
// lead), and investors' downloads from their dashboard (against the account).

import type { RecordedEvent } from '@acres/eventstore/port';
import { defineReadModel, type Position, type RowToWrite, type SqlTypes } from '../shared/read-model.ts';
import { defineInsertOnlyProjection } from '../shared/projection/insert-only-projection.ts';
import { parseEventData, type Projection } from '../shared/projection/projection.ts';
import type { ProjectionTarget } from '../shared/projection/define-projection.ts';

export const MATERIALS_ACTIVITY = defineReadModel('materials-activity', 'materials_activity', '1700000000045_due-diligence.sql');

export type MaterialsActivityKind = 'sent' | 'revoked' | 'viewed' | 'downloaded';

export type MaterialsActivityRow = {
  global_position: Position;
  kind: MaterialsActivityKind;
  at: Date;
  lead_id: string | null;
  link_id: string | null;
  user_id: string | null;
  by_staff: string | null;
  expires_at: Date | null;
  document_id: string | null;
  version: number | null;
};

export const MATERIALS_ACTIVITY_COLUMNS = {
  global_position: 'bigint',
  kind: 'text',
  at: 'timestamptz',
  lead_id: 'uuid',
  link_id: 'uuid',
  user_id: 'uuid',
  by_staff: 'text',
  expires_at: 'timestamptz',
  document_id: 'uuid',
  version: 'integer',
} as const satisfies SqlTypes<MaterialsActivityRow>;

type Row = RowToWrite<MaterialsActivityRow>;
const EMPTY = { user_id: null, by_staff: null, expires_at: null, document_id: null, version: null } as const;

const toRow = (event: RecordedEvent): Row => {
  const global_position = event.globalPosition.toString();
  switch (event.type) {
    case 'MaterialsSent': {
      const data = parseEventData('MaterialsSent', event);
      const { linkId: link_id, leadId: lead_id } = data;
      return {
        ...EMPTY,
        global_position,
        kind: 'sent',
        at: data.sentAt,
        lead_id,
        link_id,
        by_staff: data.sentBy,
        expires_at: data.expiresAt,
      };
    }
    case 'MaterialsLinkRevoked': {
      const data = parseEventData('MaterialsLinkRevoked', event);
      return {
        ...EMPTY,
        global_position,
        kind: 'revoked',
        at: data.revokedAt,
        lead_id: data.leadId,
        link_id: data.linkId,
        by_staff: data.revokedBy,
      };
    }
    case 'MaterialsViewed': {
      const data = parseEventData('MaterialsViewed', event);
      return { ...EMPTY, global_position, kind: 'viewed', at: data.viewedAt, lead_id: data.leadId, link_id: data.linkId };
    }
    default: {
      const data = parseEventData('DueDiligenceDocumentDownloaded', event);
      return {
        ...EMPTY,
        global_position,
        kind: 'downloaded',
        at: data.downloadedAt,
        lead_id: data.leadId,
        link_id: data.linkId,
        user_id: data.userId,
        document_id: data.documentId,
        version: data.version,
      };
    }
  }
};

export const createMaterialsActivityProjection = (target: ProjectionTarget = {}): Projection =>
  defineInsertOnlyProjection({
    model: MATERIALS_ACTIVITY,
    target,
    handles: ['MaterialsSent', 'MaterialsLinkRevoked', 'MaterialsViewed', 'DueDiligenceDocumentDownloaded'],
    columns: MATERIALS_ACTIVITY_COLUMNS,
    key: ['global_position'],
    toRows: toRow,
  });
