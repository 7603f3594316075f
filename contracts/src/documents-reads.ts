// What the due-diligence room's reads answer: the admin's list with every version, the
// recipients' list with the current version alone.

import { z } from 'zod';

/** SPEC 9's package, in its order: THE list of categories. */
export const DOCUMENT_CATEGORIES = [
  'title-verification',
  'survey-plans',
  'environmental-assessment',
  'zoning-confirmation',
  'development-potential',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const DOCUMENT_CATEGORY_LABELS: Readonly<Record<DocumentCategory, string>> = {
  'title-verification': 'Title verification',
  'survey-plans': 'Survey plans',
  'environmental-assessment': 'Environmental assessment',
  'zoning-confirmation': 'Zoning confirmation',
  'development-potential': 'Development potential analysis',
};

/** The file types a document may be: PDF or the images the other uploads accept. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

export const DocumentVersionSchema = z.object({
  version: z.number().int().positive(),
  objectPath: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  sizeBytes: z.number().int().positive(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
export type DocumentVersion = z.infer<typeof DocumentVersionSchema>;

/** GET /api/admin/documents: each document, newest version first. */
export const AdminDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  versions: z.array(DocumentVersionSchema).min(1),
});
export type AdminDocument = z.infer<typeof AdminDocumentSchema>;
export const AdminDocumentsSchema = z.object({ documents: z.array(AdminDocumentSchema) });
export type AdminDocuments = z.infer<typeof AdminDocumentsSchema>;

/** A document as its recipients see it: the current version only, no staff names, no storage path. */
export const RoomDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  version: z.number().int().positive(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  sizeBytes: z.number().int().positive(),
  updatedAt: z.string(),
});
export type RoomDocument = z.infer<typeof RoomDocumentSchema>;
