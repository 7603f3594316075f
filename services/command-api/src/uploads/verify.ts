import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@acres/contracts';
import type { Queryable } from '@acres/platform/db';
import { forgetUploadAttempts, MAX_UPLOAD_ATTEMPTS, recordUploadAttempt } from './attempts.ts';
import { createImageHeaderReader, exceedsPixelLimit, MAX_IMAGE_PIXELS, type HeaderOutcome } from './image-header.ts';
import { objectIdOf, type ObjectStore } from './object-store.ts';
import { deleteObjectRow, findObjectRow, markObjectStored, toUploadedObject, type UploadedObject } from './objects.ts';
import { UPLOAD_URL_TTL_MS } from './upload-token.ts';

/** Reads the object only as far as its header; leaving the loop stops the download. */
const readHeader = async (stream: Readable): Promise<HeaderOutcome> => {
  const reader = createImageHeaderReader();
  for await (const chunk of stream) {
    const outcome = reader.push(chunk as Buffer);
    if (outcome) return outcome;
  }
  return reader.end();
};

const REFUSALS = { 'not-an-image': 'not a JPEG, PNG or WebP image', unreadable: 'image size unreadable' } as const;

/**
 * The checked object at objectPath, checking it first if it is still pending (S3: the
 * browser wrote it directly). A pending object that is too big, empty, not a JPEG,
 * PNG or WebP, or whose header is unreadable or declares more than 50 megapixels is
 * deleted, its row kept for another PUT to the same URL until MAX_UPLOAD_ATTEMPTS were
 * refused; one not uploaded yet is null (and forgotten once its URL has expired). Local
 * objects were checked on arrival and come back as they are.
 */
export const verifyUploadedObject = async (options: {
  db: Queryable;
  store: ObjectStore;
  objectPath: string;
  now?: Date;
  logger?: { warn: (details: object, message: string) => void };
}): Promise<UploadedObject | null> => {
  const { db, store, objectPath } = options;
  const row = await findObjectRow(db, objectPath);
  if (!row) return null;
  if (row.status === 'stored') return toUploadedObject(row);
  const objectId = objectIdOf(objectPath)!;
  const now = options.now ?? new Date();

  await store.keepObject?.(objectId);
  const stat = await store.statObject(objectId);
  if (!stat) {
    if (row.createdAt.getTime() + UPLOAD_URL_TTL_MS < now.getTime()) await deleteObjectRow(db, objectPath);
    return null;
  }
  // As a refused local PUT leaves its URL open, the URL stays pending for another PUT, up to
  // the attempts a local URL has; the last refusal forgets it.
  const refuse = async (reason: string) => {
    options.logger?.warn({ objectPath, reason, sizeBytes: stat.sizeBytes }, 'uploaded object refused');
    await store.deleteObject(objectId);
    const expiresAt = new Date(row.createdAt.getTime() + UPLOAD_URL_TTL_MS);
    if ((await recordUploadAttempt(db, { objectId, expiresAt, now })) >= MAX_UPLOAD_ATTEMPTS) {
      await deleteObjectRow(db, objectPath);
      await forgetUploadAttempts(db, objectId);
    }
    return null;
  };
  if (stat.sizeBytes === 0) return refuse('empty');
  if (stat.sizeBytes > MAX_UPLOAD_BYTES) return refuse('too large');
  const stream = await store.readObject(objectId, { etag: stat.etag });
  // Replaced between HEAD and GET: check again on the next use.
  if (!stream) return null;
  const header = await readHeader(stream);
  if (typeof header === 'string') return refuse(REFUSALS[header]);
  if (exceedsPixelLimit(header)) return refuse(`more than ${MAX_IMAGE_PIXELS} pixels (${header.width} × ${header.height})`);
  const { contentType } = header;
  const stored = await markObjectStored(db, { objectPath, contentType, sizeBytes: stat.sizeBytes, etag: stat.etag });
  // Another request checked it at the same moment: its row is as good as ours.
  if (stored) {
    await forgetUploadAttempts(db, objectId);
    return toUploadedObject(stored);
  }
  const again = await findObjectRow(db, objectPath);
  return again ? toUploadedObject(again) : null;
};
