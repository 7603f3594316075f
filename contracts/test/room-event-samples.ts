// Valid data for the due-diligence room's events (spread into SAMPLE_EVENT_DATA): a document,
// and a link sent to the sample lead.

import type { EventData } from '../src/events.ts';
// The same moment as SAMPLE_EVENT_TIME (event-samples.ts spreads these in).
const at = '2024-09-01T10:00:00.000Z';

type RoomEvent =
  | 'DueDiligenceDocumentUploaded'
  | 'DueDiligenceDocumentDownloaded'
  | 'MaterialsSent'
  | 'MaterialsLinkRevoked'
  | 'MaterialsViewed';

const DOCUMENT = { documentId: '7d1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f31' };
const LINK = { linkId: '7d1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f33', leadId: '0b0f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f01' };

export const ROOM_EVENT_SAMPLES: { readonly [T in RoomEvent]: EventData<T> } = {
  DueDiligenceDocumentUploaded: {
    ...DOCUMENT,
    version: 1,
    title: 'Certificate of occupancy',
    category: 'title-verification',
    objectPath: '/objects/uploads/7d1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f32',
    contentType: 'application/pdf',
    sizeBytes: 120000,
    uploadedBy: 'admin',
    uploadedAt: at,
  },
  DueDiligenceDocumentDownloaded: { ...DOCUMENT, ...LINK, version: 1, userId: null, downloadedAt: at },
  MaterialsSent: { ...LINK, sentBy: 'admin', sentAt: at, expiresAt: '2024-09-15T10:00:00.000Z' },
  MaterialsLinkRevoked: { ...LINK, revokedBy: 'admin', revokedAt: at },
  MaterialsViewed: { ...LINK, viewedAt: at },
};
