import { describe, it } from 'vitest';
import { DOCUMENT_MESSAGES, MATERIALS_MESSAGES } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { documentDecider, type DueDiligenceDocumentUploaded } from './document-decider.ts';
import { materialsLinkDecider, type MaterialsLinkEvent } from './materials-link-decider.ts';

const now = new Date('2026-11-28T10:00:00.000Z');
const documentId = '7d1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f31';
const linkId = '7d1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f33';
const leadId = '0b0f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f01';
const userId = '1b0f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f02';
const file = (n: number) => ({
  objectPath: `/objects/uploads/7d1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f4${n}`,
  contentType: 'application/pdf' as const,
  sizeBytes: 1000 + n,
});

const uploaded = (version: number, by = 'ada'): DueDiligenceDocumentUploaded => ({
  type: 'DueDiligenceDocumentUploaded',
  data: {
    documentId,
    version,
    title: 'Certificate of Occupancy',
    category: 'title-verification',
    ...file(version),
    uploadedBy: by,
    uploadedAt: now.toISOString(),
  },
});

describe('a document of the room', () => {
  const given = givenFor(documentDecider);

  it('starts at version 1 with its title, category and file, naming who uploaded it', () => {
    given()
      .when({
        type: 'UploadDocument',
        documentId,
        title: 'Certificate of Occupancy',
        category: 'title-verification',
        file: file(1),
        by: 'ada',
        now,
      })
      .then([uploaded(1)]);
  });

  it('takes a new file as the next version, keeping its title and category', () => {
    given([uploaded(1)])
      .when({ type: 'AddDocumentVersion', file: file(2), by: 'bola', now })
      .then([uploaded(2, 'bola')]);
  });

  it('refuses the current file again, and a version of a document that does not exist', () => {
    given([uploaded(1)])
      .when({ type: 'AddDocumentVersion', file: file(1), by: 'ada', now })
      .thenThrows({ code: 'unprocessable', message: DOCUMENT_MESSAGES.sameFile });
    given()
      .when({ type: 'AddDocumentVersion', file: file(1), by: 'ada', now })
      .thenThrows('not_found');
  });

  it("records an investor's download of the current version", () => {
    given([uploaded(1), uploaded(2)])
      .when({ type: 'RecordInvestorDownload', userId, now })
      .then([
        {
          type: 'DueDiligenceDocumentDownloaded',
          data: { documentId, version: 2, leadId: null, linkId: null, userId, downloadedAt: now.toISOString() },
        },
      ]);
  });
});

describe("a lead's link to the room", () => {
  const given = givenFor(materialsLinkDecider);
  const expiresAt = new Date('2026-12-12T10:00:00.000Z');
  const sent: MaterialsLinkEvent = {
    type: 'MaterialsSent',
    data: { linkId, leadId, sentBy: 'ada', sentAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
  };
  const revoked: MaterialsLinkEvent = {
    type: 'MaterialsLinkRevoked',
    data: { linkId, leadId, revokedBy: 'bola', revokedAt: now.toISOString() },
  };
  const later = new Date('2026-11-29T10:00:00.000Z');

  it('is sent once, naming who sent it and until when it works', () => {
    given().when({ type: 'SendMaterials', linkId, leadId, by: 'ada', now, expiresAt }).then([sent]);
  });

  it('records each view and download while it works', () => {
    given([sent])
      .when({ type: 'RecordMaterialsView', now: later })
      .then([{ type: 'MaterialsViewed', data: { linkId, leadId, viewedAt: later.toISOString() } }]);
    given([sent])
      .when({ type: 'RecordMaterialsDownload', now: later, document: { documentId, version: 3 } })
      .then([
        {
          type: 'DueDiligenceDocumentDownloaded',
          data: { documentId, version: 3, leadId, linkId, userId: null, downloadedAt: later.toISOString() },
        },
      ]);
  });

  it('is gone once revoked, and once expired (at its expiry exactly)', () => {
    given([sent, revoked])
      .when({ type: 'RecordMaterialsView', now: later })
      .thenThrows({ code: 'gone', message: MATERIALS_MESSAGES.revoked });
    given([sent])
      .when({ type: 'RecordMaterialsView', now: expiresAt })
      .thenThrows({ code: 'gone', message: MATERIALS_MESSAGES.expired });
    given([sent])
      .when({ type: 'RecordMaterialsDownload', now: expiresAt, document: { documentId, version: 1 } })
      .thenThrows({ code: 'gone', message: MATERIALS_MESSAGES.expired });
  });

  it('is revoked once, by a staff member; a link never sent is not found', () => {
    given([sent]).when({ type: 'RevokeMaterialsLink', by: 'bola', now }).then([revoked]);
    given([sent, revoked])
      .when({ type: 'RevokeMaterialsLink', by: 'bola', now })
      .thenThrows({ code: 'conflict', message: MATERIALS_MESSAGES.alreadyRevoked });
    given().when({ type: 'RecordMaterialsView', now }).thenThrows('not_found');
  });
});
