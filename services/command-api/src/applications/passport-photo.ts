import type { FastifyRequest } from 'fastify';
import { DomainError } from '@acres/contracts/errors';
import type { Queryable } from '@acres/platform/db';
import { findUploadedObject } from '../uploads/objects.ts';
import { isRequestFromOwner } from '../uploads/owner.ts';

export const PASSPORT_PHOTO_NOT_UPLOADED = 'Upload your passport photograph first';
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);

/**
 * An application may only name a passport photo that this browser (visitor cookie) or
 * this signed-in user uploaded, as a JPG or PNG: otherwise one applicant could attach
 * another person's upload, or any text, to their file.
 */
export const assertOwnPassportPhoto = async (options: {
  db: Queryable;
  request: FastifyRequest;
  objectPath: string | undefined;
}) => {
  const { objectPath } = options;
  if (!objectPath) return;
  const found = await findUploadedObject(options.db, objectPath);
  const owned = found && isRequestFromOwner(options.request, { kind: found.ownerKind, id: found.ownerId });
  if (!found || !owned || !PHOTO_TYPES.has(found.contentType)) {
    throw new DomainError('validation_failed', PASSPORT_PHOTO_NOT_UPLOADED, [
      { field: 'passportPhotoUrl', message: PASSPORT_PHOTO_NOT_UPLOADED },
    ]);
  }
};
