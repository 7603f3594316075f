// Uploads (SPEC 7, DESIGN 7).

import { z } from 'zod';
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from './constants.ts';

/** What an upload is for; POST /api/objects/upload takes it as an optional `purpose`. */
export const UPLOAD_PURPOSES = ['payment-proof', 'passport-photo', 'due-diligence-document'] as const;
export const UploadPurposeSchema = z.enum(UPLOAD_PURPOSES, {
  error: "must be 'payment-proof', 'passport-photo' or 'due-diligence-document'",
});
export type UploadPurpose = z.infer<typeof UploadPurposeSchema>;

/**
 * POST /api/objects/upload answer: a short-lived signed URL to PUT the file to, and the
 * path the object will have (an S3 bucket's own PUT answer carries no JSON body).
 */
export const UploadUrlResponseSchema = z.object({ uploadURL: z.string().min(1), objectPath: z.string().min(1).optional() });
export type UploadUrlResponse = z.infer<typeof UploadUrlResponseSchema>;

/** Answer to the PUT: the object path to send as proofImagePath / passportPhotoUrl. */
export const UploadResultSchema = z.object({ objectPath: z.string().min(1) });
export type UploadResult = z.infer<typeof UploadResultSchema>;

export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];
/** What a stored object may be: an image, or (a due-diligence document only) a PDF. */
export type UploadContentType = AllowedImageType | 'application/pdf';

/** A PDF starts with '%PDF-' (ISO 32000-1, 7.5.2); the bytes decide, not the name. */
export const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] as const;
export const isPdfHead = (head: Uint8Array) => head.length >= PDF_MAGIC.length && PDF_MAGIC.every((byte, i) => head[i] === byte);

export function isAllowedImageType(contentType: string): contentType is AllowedImageType {
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(contentType.toLowerCase().split(';')[0]!.trim());
}

export function isWithinUploadLimit(bytes: number): boolean {
  return Number.isInteger(bytes) && bytes > 0 && bytes <= MAX_UPLOAD_BYTES;
}

/** Bytes sniffImageType needs to decide (WebP's RIFF header is the longest). */
export const IMAGE_SNIFF_BYTES = 12;

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);

/**
 * Detects JPEG, PNG and WebP from their first bytes: the server trusts the bytes, not
 * the client's Content-Type (DESIGN 7).
 */
export function sniffImageType(head: Uint8Array): AllowedImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // 'RIFF', a 4-byte length, then 'WEBP'.
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}
