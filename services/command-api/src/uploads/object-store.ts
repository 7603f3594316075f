import type { Readable } from 'node:stream';
import type { UploadOwner } from './upload-token.ts';
import type { UploadPurpose } from '@acres/contracts';
import { isLowercaseGuid } from '../commands/ids.ts';

export const OBJECT_PATH_PREFIX = '/objects/uploads/';

/** The text of the 16 bytes of an object id: lower-case hex only, so one object has one name. */
export const isObjectId = isLowercaseGuid;

export const objectPathOf = (objectId: string) => {
  if (!isObjectId(objectId)) throw new TypeError(`Not an object id: ${objectId}`);
  return `${OBJECT_PATH_PREFIX}${objectId}`;
};

/** The object id of a well-formed object path, else null (never a path fragment). */
export const objectIdOf = (objectPath: string): string | null => {
  if (!objectPath.startsWith(OBJECT_PATH_PREFIX)) return null;
  const id = objectPath.slice(OBJECT_PATH_PREFIX.length);
  return isObjectId(id) ? id : null;
};

export type ObjectStat = {
  sizeBytes: number;
  /** Version tag of the stored bytes (S3 ETag); reads can be pinned to it. */
  etag: string | null;
};

export type UploadTarget = { uploadURL: string };

/**
 * Where object bytes live. Every method takes the server's object id (a uuid), never
 * a client path. Local disk checks bytes as they arrive (PUT route); S3 is written by
 * the browser directly and checked afterwards (verifyUploadedObject).
 */
export type ObjectStore = {
  kind: 'local' | 's3';
  createUploadTarget: (options: {
    objectId: string;
    owner: UploadOwner;
    purpose: UploadPurpose;
    now: Date;
  }) => Promise<UploadTarget>;
  /** The bytes (from start to end inclusive when given), or null when there is no such object or it changed since etag. */
  readObject: (objectId: string, options?: { start?: number; end?: number; etag?: string | null }) => Promise<Readable | null>;
  statObject: (objectId: string) => Promise<ObjectStat | null>;
  /** Idempotent: deleting a missing object is fine. */
  deleteObject: (objectId: string) => Promise<void>;
  /**
   * S3: before its bytes are checked, moves what the browser uploaded to where no upload URL
   * can write (its first copy stays), so the check and every later read see the same bytes.
   * Local objects need none: their PUT route refuses a URL whose object exists.
   */
  keepObject?: (objectId: string) => Promise<void>;
};
