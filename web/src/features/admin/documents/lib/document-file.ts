import { DOCUMENT_CONTENT_TYPES, DocumentFormSchema, MAX_DOCUMENT_BYTES } from '@acres/contracts';
import { z } from 'zod';

export const DOCUMENT_FILE_MESSAGES = {
  missing: 'Choose the file to upload',
  type: 'Choose a PDF document or a JPG, PNG or WebP image',
  size: 'The file is larger than 20 MB',
} as const;

/** What the file input accepts; the server decides by the bytes all the same. */
export const DOCUMENT_FILE_ACCEPT = DOCUMENT_CONTENT_TYPES.join(',');

/** A chosen file the server may accept (an empty type: the bytes will tell). */
export const DocumentFileSchema = z
  .custom<File>((value) => typeof File !== 'undefined' && value instanceof File, { error: DOCUMENT_FILE_MESSAGES.missing })
  .refine((file) => file.type === '' || (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type), {
    error: DOCUMENT_FILE_MESSAGES.type,
  })
  .refine((file) => file.size <= MAX_DOCUMENT_BYTES, { error: DOCUMENT_FILE_MESSAGES.size });

/** The Documents form: the contracts' title and category, and the file to upload. */
export const DocumentUploadFormSchema = DocumentFormSchema.extend({ file: DocumentFileSchema });

/** A new version: only the file. */
export const DocumentVersionFormSchema = z.object({ file: DocumentFileSchema });

export const formatBytes = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
