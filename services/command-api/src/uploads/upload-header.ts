import {
  isPdfHead,
  MAX_DOCUMENT_BYTES,
  MAX_UPLOAD_BYTES,
  PDF_MAGIC,
  type UploadContentType,
  type UploadPurpose,
} from '@acres/contracts';
import { createImageHeaderReader, type HeaderProblem } from './image-header.ts';

/** A PDF has no pixel size to check: width and height 0 keep it under the pixel limit. */
export type UploadHeader = { contentType: UploadContentType; width: number; height: number };
export type UploadHeaderOutcome = UploadHeader | HeaderProblem;

const PDF_HEADER: UploadHeader = { contentType: 'application/pdf', width: 0, height: 0 };

const isDocument = (purpose: UploadPurpose) => purpose === 'due-diligence-document';

export const maxBytesOf = (purpose: UploadPurpose) => (isDocument(purpose) ? MAX_DOCUMENT_BYTES : MAX_UPLOAD_BYTES);

export const FILE_TOO_LARGE_MESSAGE = 'File is larger than 5 MB';
export const DOCUMENT_TOO_LARGE_MESSAGE = 'File is larger than 20 MB';
export const NOT_AN_IMAGE_MESSAGE = 'Only JPG, PNG or WebP images are accepted';
export const NOT_A_DOCUMENT_MESSAGE = 'Only PDF documents or JPG, PNG or WebP images are accepted';

export const tooLargeMessageOf = (purpose: UploadPurpose) =>
  isDocument(purpose) ? DOCUMENT_TOO_LARGE_MESSAGE : FILE_TOO_LARGE_MESSAGE;
export const wrongTypeMessageOf = (purpose: UploadPurpose) =>
  isDocument(purpose) ? NOT_A_DOCUMENT_MESSAGE : NOT_AN_IMAGE_MESSAGE;

/**
 * The header reader of an upload's purpose: images only, except a due-diligence document,
 * which may also be a PDF, told by its first bytes (never by the name or the declared type).
 */
export const createUploadHeaderReader = (purpose: UploadPurpose) => {
  if (!isDocument(purpose)) return createImageHeaderReader();
  let head = Buffer.alloc(0);
  let image: ReturnType<typeof createImageHeaderReader> | null = null;
  let outcome: UploadHeaderOutcome | null = null;
  const push = (chunk: Buffer): UploadHeaderOutcome | null => {
    if (outcome) return outcome;
    if (image) return image.push(chunk);
    head = Buffer.concat([head, chunk]);
    if (head.length < PDF_MAGIC.length) return null;
    if (isPdfHead(head)) return (outcome = PDF_HEADER);
    image = createImageHeaderReader();
    return image.push(head);
  };
  const end = (): UploadHeaderOutcome => {
    if (outcome) return outcome;
    if (image) return image.end();
    const reader = createImageHeaderReader();
    return reader.push(head) ?? reader.end();
  };
  return { push, end };
};
