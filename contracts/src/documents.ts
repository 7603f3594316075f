// The due-diligence room (SPEC 9, issue 27 item 3): the package's documents, each with a title,
// one of the package's five categories and versions (a new upload of a document adds one; the
// room shows the newest). One rule per field, used by the admin's form, the routes and the decider.

import { z } from 'zod';
import { singleLine } from './fields.ts';
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS } from './documents-reads.ts';

export const DocumentCategorySchema = z.enum(DOCUMENT_CATEGORIES, {
  error: `Choose a category: ${Object.values(DOCUMENT_CATEGORY_LABELS).join(', ')}`,
});

export const MAX_DOCUMENT_TITLE_LENGTH = 120;
export const DOCUMENT_MESSAGES = {
  title: `Title must be 2 to ${MAX_DOCUMENT_TITLE_LENGTH} characters`,
  objectPath: 'Upload the file first',
  notADocument: 'This file was not uploaded as a due-diligence document',
  notFound: 'Document not found',
  sameFile: 'This file is already the current version of the document',
} as const;

export const DocumentTitleSchema = singleLine(
  z
    .string({ error: DOCUMENT_MESSAGES.title })
    .trim()
    .min(2, DOCUMENT_MESSAGES.title)
    .max(MAX_DOCUMENT_TITLE_LENGTH, DOCUMENT_MESSAGES.title),
  'Title',
);

const ObjectPathSchema = z
  .string({ error: DOCUMENT_MESSAGES.objectPath })
  .regex(/^\/objects\/uploads\/[0-9a-f-]{36}$/, DOCUMENT_MESSAGES.objectPath);

/** The admin's Documents form: POST /api/admin/documents after the file's upload. */
export const AddDocumentRequestSchema = z.object({
  title: DocumentTitleSchema,
  category: DocumentCategorySchema,
  objectPath: ObjectPathSchema,
});
export type AddDocumentRequest = z.infer<typeof AddDocumentRequestSchema>;

/** The form before the upload: the file is chosen, not yet a path. */
export const DocumentFormSchema = AddDocumentRequestSchema.omit({ objectPath: true });
export type DocumentForm = z.infer<typeof DocumentFormSchema>;

/** POST /api/admin/documents/:id/versions: a new file for the document. */
export const AddDocumentVersionRequestSchema = z.object({ objectPath: ObjectPathSchema });
export type AddDocumentVersionRequest = z.infer<typeof AddDocumentVersionRequestSchema>;

export const DocumentAddedSchema = z.object({ id: z.string(), version: z.number().int(), position: z.string() });
export type DocumentAdded = z.infer<typeof DocumentAddedSchema>;

/** 20 MB: a scanned survey plan is larger than a payment proof. */
export const MAX_DOCUMENT_BYTES = 20_971_520;

export * from './documents-reads.ts';
