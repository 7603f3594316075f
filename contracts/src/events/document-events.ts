import { z } from 'zod';
import { DOCUMENT_CATEGORIES, DOCUMENT_CONTENT_TYPES } from '../documents-reads.ts';
import { EventTimestampSchema } from './metadata.ts';

const id = z.uuid();
const staff = z.string().min(1);

/** A staff member uploaded a document of the due-diligence package: its first version, or a new one. */
export const DueDiligenceDocumentUploadedDataSchema = z.object({
  documentId: id,
  version: z.number().int().positive(),
  title: z.string().min(1),
  category: z.enum(DOCUMENT_CATEGORIES),
  objectPath: z.string().min(1),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  sizeBytes: z.number().int().positive(),
  uploadedBy: staff,
  uploadedAt: EventTimestampSchema,
});
export type DueDiligenceDocumentUploadedData = z.infer<typeof DueDiligenceDocumentUploadedDataSchema>;

/** A staff member sent a lead a personal link to the room; the token is minted by the notifier from linkId. */
export const MaterialsSentDataSchema = z.object({
  linkId: id,
  leadId: id,
  sentBy: staff,
  sentAt: EventTimestampSchema,
  expiresAt: EventTimestampSchema,
});
export type MaterialsSentData = z.infer<typeof MaterialsSentDataSchema>;

export const MaterialsLinkRevokedDataSchema = z.object({
  linkId: id,
  leadId: id,
  revokedBy: staff,
  revokedAt: EventTimestampSchema,
});
export type MaterialsLinkRevokedData = z.infer<typeof MaterialsLinkRevokedDataSchema>;

/** The lead opened the page behind their link. */
export const MaterialsViewedDataSchema = z.object({ linkId: id, leadId: id, viewedAt: EventTimestampSchema });
export type MaterialsViewedData = z.infer<typeof MaterialsViewedDataSchema>;

/** A document was downloaded: by a lead through their link, or by a signed-in investor from their dashboard. */
export const DueDiligenceDocumentDownloadedDataSchema = z.object({
  documentId: id,
  version: z.number().int().positive(),
  leadId: id.nullable(),
  linkId: id.nullable(),
  userId: id.nullable(),
  downloadedAt: EventTimestampSchema,
});
export type DueDiligenceDocumentDownloadedData = z.infer<typeof DueDiligenceDocumentDownloadedDataSchema>;

/** The due-diligence room's part of the event catalogue (events.ts), each at its version. */
export const DOCUMENT_EVENT_CATALOGUE = {
  DueDiligenceDocumentUploaded: { version: 1, schema: DueDiligenceDocumentUploadedDataSchema },
  DueDiligenceDocumentDownloaded: { version: 1, schema: DueDiligenceDocumentDownloadedDataSchema },
  MaterialsSent: { version: 1, schema: MaterialsSentDataSchema },
  MaterialsLinkRevoked: { version: 1, schema: MaterialsLinkRevokedDataSchema },
  MaterialsViewed: { version: 1, schema: MaterialsViewedDataSchema },
} as const;
