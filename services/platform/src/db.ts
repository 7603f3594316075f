import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

// int8 (count(*), sums, positions) as numbers so JSON answers stay plain; a value past
// 2^53 would silently lose precision, so refuse it loudly instead.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`int8 value ${value} exceeds the safe integer range`);
  return parsed;
});
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export const createPool = (options: { connectionString: string; max?: number; applicationName?: string }): Pool => {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'acres',
    idleTimeoutMillis: 30_000,
    // While the server is down or restarting, a request waits this long for a connection
    // and then fails (503 through the error handler) instead of hanging.
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor a checked-out one between two statements (a transaction's client while its code awaits,
  // a worker holding a claim): the server's FATAL on shutdown or a postmaster crash comes as an
  // 'error' event, which with no listener ends the process. The next statement on it fails
  // instead, and the client is not queryable, so release() drops it from the pool.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
};

/** Runs fn in one transaction; rolls back on any error and rethrows it. */
export const withTransaction = async <T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
};

export const createClient = (connectionString: string) => new pg.Client({ connectionString });
