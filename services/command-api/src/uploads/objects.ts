import type { UploadContentType, UploadPurpose } from '@acres/contracts';
import type { Queryable } from '@acres/platform/db';
import { objectIdOf, objectPathOf } from './object-store.ts';
import type { OwnerKind, UploadOwner } from './upload-token.ts';

/** A stored object whose bytes were checked: a JPEG, PNG or WebP of at most 5 MB and 50 megapixels, or a due-diligence document (also PDF, 20 MB). */
export type UploadedObject = {
  objectPath: string;
  ownerKind: OwnerKind;
  ownerId: string;
  contentType: UploadContentType;
  sizeBytes: number;
  purpose: UploadPurpose;
};

export type UploadedObjectRow = {
  objectPath: string;
  ownerKind: OwnerKind;
  ownerId: string;
  purpose: UploadPurpose;
  status: 'pending' | 'stored';
  contentType: UploadContentType | null;
  sizeBytes: number | null;
  storageEtag: string | null;
  createdAt: Date;
};

const COLUMNS = `object_path AS "objectPath", owner_kind AS "ownerKind", owner_id AS "ownerId", purpose, status,
  content_type AS "contentType", size_bytes AS "sizeBytes", storage_etag AS "storageEtag", created_at AS "createdAt"`;

export const toUploadedObject = (row: UploadedObjectRow): UploadedObject | null =>
  row.status === 'stored' && row.contentType && row.sizeBytes !== null
    ? {
        objectPath: row.objectPath,
        ownerKind: row.ownerKind,
        ownerId: row.ownerId,
        contentType: row.contentType,
        sizeBytes: row.sizeBytes,
        purpose: row.purpose,
      }
    : null;

/** The row of an object path in any state; null for a malformed path or an unknown object. */
export const findObjectRow = async (db: Queryable, objectPath: string): Promise<UploadedObjectRow | null> => {
  if (objectIdOf(objectPath) === null) return null;
  const { rows } = await db.query<UploadedObjectRow>(`SELECT ${COLUMNS} FROM uploaded_objects WHERE object_path = $1`, [
    objectPath,
  ]);
  return rows[0] ?? null;
};

/** The paths of every object the given accounts uploaded (erasure deletes them with the accounts). */
export const listObjectPathsOfUsers = async (db: Queryable, userIds: readonly string[]): Promise<string[]> => {
  const { rows } = await db.query<{ object_path: string }>(
    "SELECT object_path FROM uploaded_objects WHERE owner_kind = 'user' AND owner_id = ANY($1::text[])",
    [userIds],
  );
  return rows.map((row) => row.object_path);
};

/**
 * For payments and applications: the checked object at objectPath, or null when the
 * path is malformed, unknown, or (S3) not yet checked — use verifyUploadedObject for
 * objects that may still be pending. Compare ownerKind/ownerId with the caller.
 */
export const findUploadedObject = async (db: Queryable, objectPath: string): Promise<UploadedObject | null> => {
  const row = await findObjectRow(db, objectPath);
  return row ? toUploadedObject(row) : null;
};

/** Records a local object whose bytes were checked; false when the path is already taken. */
export const insertStoredObject = async (
  db: Queryable,
  options: {
    objectId: string;
    owner: UploadOwner;
    purpose: UploadPurpose;
    contentType: UploadContentType;
    sizeBytes: number;
    now: Date;
  },
): Promise<boolean> => {
  const result = await db.query(
    `INSERT INTO uploaded_objects (object_path, owner_kind, owner_id, purpose, status, content_type, size_bytes, created_at)
     VALUES ($1, $2, $3, $4, 'stored', $5, $6, $7) ON CONFLICT (object_path) DO NOTHING`,
    [
      objectPathOf(options.objectId),
      options.owner.kind,
      options.owner.id,
      options.purpose,
      options.contentType,
      options.sizeBytes,
      options.now,
    ],
  );
  return result.rowCount === 1;
};

/** S3: the object is named and owned when its URL is issued; its bytes are checked on first use. */
export const insertPendingObject = async (
  db: Queryable,
  options: { objectId: string; owner: UploadOwner; purpose: UploadPurpose; now: Date },
) => {
  await db.query(
    `INSERT INTO uploaded_objects (object_path, owner_kind, owner_id, purpose, status, created_at)
     VALUES ($1, $2, $3, $4, 'pending', $5)`,
    [objectPathOf(options.objectId), options.owner.kind, options.owner.id, options.purpose, options.now],
  );
};

export const markObjectStored = async (
  db: Queryable,
  options: { objectPath: string; contentType: UploadContentType; sizeBytes: number; etag: string | null },
): Promise<UploadedObjectRow | null> => {
  const { rows } = await db.query<UploadedObjectRow>(
    `UPDATE uploaded_objects SET status = 'stored', content_type = $2, size_bytes = $3, storage_etag = $4
     WHERE object_path = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [options.objectPath, options.contentType, options.sizeBytes, options.etag],
  );
  return rows[0] ?? null;
};

export const deleteObjectRow = async (db: Queryable, objectPath: string) => {
  await db.query('DELETE FROM uploaded_objects WHERE object_path = $1', [objectPath]);
};
