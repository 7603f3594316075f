// The project's photo gallery (issue 29, item 4): photos are staff uploads (the due-diligence
// upload path: signed URL, size limit, type told by the bytes), and the gallery setting names
// them. Only an image a staff member uploaded, of at most 5 MB, may join the gallery; only a
// photo in the gallery in force is served to anyone.

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isAllowedImageType, MAX_UPLOAD_BYTES, SETTINGS_MESSAGES, splitPhotoPaths } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import type { EventStore } from '@acres/eventstore/port';
import type { Queryable } from '@acres/platform/db';
import { sendProblem } from '@acres/platform/http-errors';
import { objectPathOf, type ObjectStore } from '../uploads/object-store.ts';
import { findObjectRow, findUploadedObject } from '../uploads/objects.ts';
import { sendStoredBytes } from '../uploads/send-stored-bytes.ts';
import { verifyUploadedObject } from '../uploads/verify.ts';
import { loadSettings } from './load-settings.ts';

export type PhotoFiles = { db: Queryable; store: ObjectStore | undefined };

export const PHOTO_NOT_FOUND_MESSAGE = 'Photo not found';

const refuse = (message: string) =>
  new DomainError('validation_failed', `projectPhotos: ${message}`, [{ field: 'projectPhotos', message }]);

/** Each photo newly named by the gallery is a checked staff upload, an image of at most 5 MB; else 400 naming the field. */
export const checkNewPhotos = async (options: { files: PhotoFiles | undefined; before: string | null; after: string | null }) => {
  const known = new Set(splitPhotoPaths(options.before));
  const added = splitPhotoPaths(options.after).filter((path) => !known.has(path));
  if (added.length === 0) return;
  const { files } = options;
  for (const [index, objectPath] of added.entries()) {
    const found = files
      ? files.store
        ? await verifyUploadedObject({ db: files.db, store: files.store, objectPath })
        : await findUploadedObject(files.db, objectPath)
      : null;
    const isPhoto =
      found !== null &&
      found.ownerKind === 'staff' &&
      isAllowedImageType(found.contentType) &&
      found.sizeBytes <= MAX_UPLOAD_BYTES;
    if (!isPhoto) throw refuse(`${SETTINGS_MESSAGES.projectPhotos}: photo ${index + 1} is not one`);
  }
};

const PhotoParams = z.object({ id: z.guid({ error: 'Photo id must be a uuid' }).transform((id) => id.toLowerCase()) });

/**
 * GET /api/project-photos/:id, public: the bytes of a photo in the gallery in force, else 404
 * (a removed photo stops answering; no other upload can be reached this way).
 */
export const registerProjectPhotoRoute = (
  app: FastifyInstance,
  deps: { eventStore: EventStore; db: Queryable; store: ObjectStore },
) => {
  app.get('/api/project-photos/:id', { schema: { params: PhotoParams } }, async (request, reply) => {
    const { id } = request.params as z.output<typeof PhotoParams>;
    const objectPath = objectPathOf(id);
    const { settings } = (await loadSettings(deps.eventStore)).state;
    const row = splitPhotoPaths(settings.projectPhotos).includes(objectPath) ? await findObjectRow(deps.db, objectPath) : null;
    const stream = row?.contentType ? await deps.store.readObject(id, { etag: row.storageEtag }) : null;
    if (!row?.contentType || row.sizeBytes === null || !stream)
      return sendProblem(reply, { status: 404, detail: PHOTO_NOT_FOUND_MESSAGE });
    // A photo removed from the gallery may still show from a cache for these few minutes.
    return sendStoredBytes(
      reply,
      { contentType: row.contentType, sizeBytes: row.sizeBytes, cacheControl: 'public, max-age=300' },
      stream,
    );
  });
};
