// One runner at a time owns a projection: a session-level advisory lock held on the
// connection that also runs the projection's transactions. If that connection dies, the
// lock goes with it and no transaction of the old owner can commit any more; a standby
// then takes the lock, and the checkpoint compare-and-set guards the hand-over.

import type { Pool, PoolClient } from '@acres/platform/db';
import { PROJECTION_LOCK_KEYS } from '@acres/read-models/ownership';

/** Returns a client that holds the projection's lock, or null (client released) when another process owns it. */
export const tryTakeOwnership = async (pool: Pool, name: string): Promise<PoolClient | null> => {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${PROJECTION_LOCK_KEYS}) AS locked`, [
      name,
    ]);
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
    await client.query(`SELECT pg_advisory_unlock(${PROJECTION_LOCK_KEYS})`, [name]);
    client.release();
  } catch {
    client.release(true);
  }
};
