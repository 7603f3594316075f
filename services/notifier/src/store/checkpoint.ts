import type { Queryable } from '@acres/platform/db';

export const NOTIFIER_CHECKPOINT = 'notifier';

/**
 * Reads the checkpoint and locks its row until the transaction ends, so a second
 * notifier process waits instead of planning the same page at the same time.
 */
export const lockCheckpoint = async (db: Queryable, name = NOTIFIER_CHECKPOINT): Promise<bigint> => {
  await db.query('INSERT INTO notifier_checkpoint (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  const { rows } = await db.query<{ position: string }>(
    'SELECT position::text AS position FROM notifier_checkpoint WHERE name = $1 FOR UPDATE',
    [name],
  );
  return BigInt(rows[0]!.position);
};

export const saveCheckpoint = async (db: Queryable, position: bigint, name = NOTIFIER_CHECKPOINT): Promise<void> => {
  await db.query('UPDATE notifier_checkpoint SET position = $2::bigint, updated_at = now() WHERE name = $1', [
    name,
    position.toString(),
  ]);
};

export const readCheckpoint = async (db: Queryable, name = NOTIFIER_CHECKPOINT): Promise<bigint> => {
  const { rows } = await db.query<{ position: string }>(
    'SELECT position::text AS position FROM notifier_checkpoint WHERE name = $1',
    [name],
  );
  return BigInt(rows[0]?.position ?? '0');
};

/**
 * Moves the checkpoint past an event that plans nothing, in one statement and without the
 * row lock's transaction; never backwards (another process may be further on).
 */
export const advanceCheckpoint = async (db: Queryable, position: bigint, name = NOTIFIER_CHECKPOINT): Promise<void> => {
  await db.query(
    'UPDATE notifier_checkpoint SET position = $2::bigint, updated_at = now() WHERE name = $1 AND position < $2::bigint',
    [name, position.toString()],
  );
};
