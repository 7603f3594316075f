// Uploads (SPEC 7, DESIGN 7).

import { z } from 'zod';
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from './constants.ts';

/** POST /api/objects/upload answer: a short-lived signed URL to PUT the file to. */
export const UploadUrlResponseSchema = z.object({ uploadURL: z.string().min(1) });
export type UploadUrlResponse = z.infer<typeof UploadUrlResponseSchema>;

/** Answer to the PUT: the object path to send as proofImagePath / passportPhotoUrl. */
export const UploadResultSchema = z.object({ objectPath: z.string().min(1) });
export type UploadResult = z.infer<typeof UploadResultSchema>;

export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];

export function isAllowedImageType(contentType: string): contentType is AllowedImageType {
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(contentType.toLowerCase().split(';')[0]!.trim());
}

export function isWithinUploadLimit(bytes: number): boolean {
  return Number.isInteger(bytes) && bytes > 0 && bytes <= MAX_UPLOAD_BYTES;
}

/**
 * Detects JPEG and PNG from their first bytes: the server trusts the bytes, not the
 * client's Content-Type (DESIGN 7).
 */
export function sniffImageType(head: Uint8Array): AllowedImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, i) => head[i] === byte)) return 'image/png';
  return null;
}
