// Which projector process runs a projection: the one holding its session advisory lock.
// The projector takes and hands over the lock; the status views only look at pg_locks.

import type { Queryable } from '@acres/platform/db';

/**
 * The two keys of a projection's advisory lock, for `pg_…advisory…lock(${PROJECTION_LOCK_KEYS})`
 * with the projection's name as $1. Two-key locks live in their own key space, apart from
 * the one-key locks other parts (the event store) may take.
 */
export const PROJECTION_LOCK_KEYS = `hashtext('acres.projection'), hashtext($1)`;

/** Names of projections some session (any process) owns right now. */
export const readOwnedProjections = async (db: Queryable, names: readonly string[]): Promise<Set<string>> => {
  const { rows } = await db.query<{ name: string }>(
    `SELECT n.name FROM unnest($1::text[]) AS n(name)
      WHERE EXISTS (SELECT 1 FROM pg_locks l
                     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                       AND l.classid = hashtext('acres.projection')::oid AND l.objid = hashtext(n.name)::oid)`,
    [names],
  );
  return new Set(rows.map((row) => row.name));
};
