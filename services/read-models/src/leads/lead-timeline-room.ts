// The due-diligence room's part of a lead's timeline: each link sent or revoked (by the staff
// member the event names), each view of the link's page and each download through it (by the
// lead). An investor's download from their dashboard names no lead and has no row here.

import type { LeadMaterialsKind } from '@acres/contracts/lead-pipeline-reads';
import type { RecordedEvent } from '@acres/eventstore/port';
import { parseEventData } from '../shared/projection/projection.ts';

export const LEAD_TIMELINE_ROOM_EVENTS = [
  'MaterialsSent',
  'MaterialsLinkRevoked',
  'MaterialsViewed',
  'DueDiligenceDocumentDownloaded',
] as const;

export type RoomEntry = {
  lead_id: string;
  at: string;
  actor_id: string | null;
  materials: LeadMaterialsKind;
  link_id: string | null;
  document_id: string | null;
  document_version: number | null;
};

const NO_DOCUMENT = { document_id: null, document_version: null } as const;

/** The room event's entry on its lead's timeline, or null when it names no lead. */
export const roomEntryOf = (event: RecordedEvent): RoomEntry | null => {
  switch (event.type) {
    case 'MaterialsSent': {
      const data = parseEventData('MaterialsSent', event);
      const link = { link_id: data.linkId, ...NO_DOCUMENT };
      return { ...link, lead_id: data.leadId, at: data.sentAt, actor_id: data.sentBy, materials: 'sent' };
    }
    case 'MaterialsLinkRevoked': {
      const data = parseEventData('MaterialsLinkRevoked', event);
      const link = { link_id: data.linkId, ...NO_DOCUMENT };
      return { ...link, lead_id: data.leadId, at: data.revokedAt, actor_id: data.revokedBy, materials: 'revoked' };
    }
    case 'MaterialsViewed': {
      const data = parseEventData('MaterialsViewed', event);
      return {
        lead_id: data.leadId,
        at: data.viewedAt,
        actor_id: null,
        materials: 'viewed',
        link_id: data.linkId,
        ...NO_DOCUMENT,
      };
    }
    default: {
      const data = parseEventData('DueDiligenceDocumentDownloaded', event);
      if (data.leadId === null) return null;
      const document = { document_id: data.documentId, document_version: data.version };
      return {
        ...document,
        lead_id: data.leadId,
        at: data.downloadedAt,
        actor_id: null,
        materials: 'downloaded',
        link_id: data.linkId,
      };
    }
  }
};
