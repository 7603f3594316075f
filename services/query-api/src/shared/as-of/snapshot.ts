import type { Pool, PoolClient } from '@acres/platform';

/**
 * Runs `read` in one REPEATABLE READ snapshot: a read model's rows and its checkpoint, or
 * the log's head and the events below it, are then of the same moment.
 */
export const readInSnapshot = async <T>(pool: Pool, read: (client: PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await read(client);
    await client.query('COMMIT');
    client.release();
    return result;
  } catch (error) {
    // A connection left in a transaction (or broken) is discarded instead of reused.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
};
