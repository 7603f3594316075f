// One runner at a time owns a projection: a session-level advisory lock held on the
// connection that also runs the projection's transactions. If that connection dies, the
// lock goes with it and no transaction of the old owner can commit any more; a standby
// then takes the lock, and the checkpoint compare-and-set guards the hand-over.

import type { Pool, PoolClient, Queryable } from '@acres/platform/db';

// Two-key advisory locks live in their own key space, apart from the one-key locks
// other parts (the event store) may take.
const LOCK_ARGS = `hashtext('acres.projection'), hashtext($1)`;

/** Returns a client that holds the projection's lock, or null (client released) when another process owns it. */
export const tryTakeOwnership = async (pool: Pool, name: string): Promise<PoolClient | null> => {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_ARGS}) AS locked`, [name]);
    if (rows[0]?.locked) return client;
    client.release();
    return null;
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
};

/** Unlocks and returns the client; a client in doubt is destroyed so the lock cannot leak to the next borrower. */
export const releaseOwnership = async (client: PoolClient, name: string, options: { broken?: boolean } = {}) => {
  if (options.broken) {
    client.release(true);
    return;
  }
  try {
    await client.query(`SELECT pg_advisory_unlock(${LOCK_ARGS})`, [name]);
    client.release();
  } catch {
    client.release(true);
  }
};

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
