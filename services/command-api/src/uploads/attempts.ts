import type { Queryable } from '@acres/platform/db';
import { DomainError } from '@acres/contracts/errors';

/**
 * PUTs one local upload URL may start; on S3, where the bucket takes every PUT and the
 * server sees only what it checks, the refused checks of what was PUT to one URL. Enough
 * for a retry or two after a dropped connection or a wrong file; few enough that one URL
 * cannot keep a server receiving (and writing temporary files) for its whole lifetime.
 */
export const MAX_UPLOAD_ATTEMPTS = 5;
export const TOO_MANY_ATTEMPTS_MESSAGE = `This upload URL was tried ${MAX_UPLOAD_ATTEMPTS} times; ask for a new one`;

/**
 * Counts one more attempt at objectId's URL and answers how many there have been. One
 * statement, so concurrent attempts on any replica each get their own number; rows of
 * expired URLs are swept on the way (the index keeps that cheap).
 */
export const recordUploadAttempt = async (db: Queryable, options: { objectId: string; expiresAt: Date; now: Date }) => {
  const { rows } = await db.query<{ attempts: number }>(
    `WITH swept AS (DELETE FROM upload_attempts WHERE expires_at < $3 AND object_id <> $1)
     INSERT INTO upload_attempts (object_id, attempts, expires_at) VALUES ($1, 1, $2)
     ON CONFLICT (object_id) DO UPDATE SET attempts = upload_attempts.attempts + 1
     RETURNING attempts`,
    [options.objectId, options.expiresAt, options.now],
  );
  return rows[0]!.attempts;
};

/** A local PUT about to read its body: counted, and refused (429) past the limit. */
export const countUploadAttempt = async (db: Queryable, options: { objectId: string; expiresAt: Date; now: Date }) => {
  if ((await recordUploadAttempt(db, options)) > MAX_UPLOAD_ATTEMPTS)
    throw new DomainError('rate_limited', TOO_MANY_ATTEMPTS_MESSAGE);
};

/** After a completed upload the stored object refuses the URL; its counter is no longer needed. */
export const forgetUploadAttempts = async (db: Queryable, objectId: string) => {
  await db.query('DELETE FROM upload_attempts WHERE object_id = $1', [objectId]);
};
