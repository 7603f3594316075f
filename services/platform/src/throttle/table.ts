import type { Queryable } from '../db.ts';

// Every statement reads the database's clock, not the process's: replicas whose clocks
// drift still agree on when a window ends or a block lifts.

export type WindowHit = { count: number; ttlMs: number };

/**
 * Counts one request against key in a fixed window of windowMs, atomically (concurrent
 * requests on any replica each get their own count). A window that has ended restarts at 1.
 */
export const hitWindow = async (db: Queryable, options: { key: string; windowMs: number }): Promise<WindowHit> => {
  const { rows } = await db.query<{ count: number; ttl_ms: number }>(
    `INSERT INTO throttle AS t (key, count, window_ends_at)
     VALUES ($1, 1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN t.window_ends_at <= now() THEN 1 ELSE t.count + 1 END,
       window_ends_at = CASE WHEN t.window_ends_at <= now() THEN excluded.window_ends_at ELSE t.window_ends_at END
     RETURNING count, extract(epoch FROM window_ends_at - now()) * 1000 AS ttl_ms`,
    [options.key, options.windowMs],
  );
  const row = rows[0]!;
  return { count: row.count, ttlMs: Math.max(1, Math.ceil(Number(row.ttl_ms))) };
};

/** The current window of key without counting anything; an ended or missing window is zero. */
export const readWindow = async (db: Queryable, key: string): Promise<WindowHit> => {
  const { rows } = await db.query<{ count: number; ttl_ms: number }>(
    `SELECT count, extract(epoch FROM window_ends_at - now()) * 1000 AS ttl_ms
     FROM throttle WHERE key = $1 AND window_ends_at > now()`,
    [key],
  );
  const row = rows[0];
  return row ? { count: row.count, ttlMs: Math.max(1, Math.ceil(Number(row.ttl_ms))) } : { count: 0, ttlMs: 0 };
};

export type FailureCounter = { failures: number; blockedForMs: number };

/** Live failures and the time left on any block, per key; keys without a live row are absent. */
export const readFailureCounters = async (db: Queryable, keys: string[]): Promise<Map<string, FailureCounter>> => {
  const { rows } = await db.query<{ key: string; failures: number; blocked_ms: number }>(
    `SELECT key,
            CASE WHEN window_ends_at > now() THEN count ELSE 0 END AS failures,
            greatest(0, coalesce(extract(epoch FROM blocked_until - now()) * 1000, 0)) AS blocked_ms
     FROM throttle WHERE key = ANY($1::text[]) AND expires_at > now()`,
    [keys],
  );
  return new Map(rows.map((row) => [row.key, { failures: row.failures, blockedForMs: Number(row.blocked_ms) }]));
};

/**
 * One more failure on each key, atomically; a key's failures are forgotten forgetAfterMs
 * after its latest one. Returns each key's count including this failure.
 */
export const addFailures = async (
  db: Queryable,
  options: { keys: string[]; forgetAfterMs: number },
): Promise<Map<string, number>> => {
  const { rows } = await db.query<{ key: string; count: number }>(
    `INSERT INTO throttle AS t (key, count, window_ends_at)
     SELECT key, 1, now() + $2 * interval '1 millisecond' FROM unnest($1::text[]) AS key
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN t.window_ends_at <= now() THEN 1 ELSE t.count + 1 END,
       window_ends_at = excluded.window_ends_at
     RETURNING key, count`,
    [options.keys, options.forgetAfterMs],
  );
  return new Map(rows.map((row) => [row.key, row.count]));
};

/** Blocks each key for its delay from now; a longer block already in place stays. */
export const blockKeys = async (db: Queryable, blocks: { key: string; delayMs: number }[]) => {
  if (blocks.length === 0) return;
  await db.query(
    `UPDATE throttle AS t
     SET blocked_until = greatest(t.blocked_until, now() + b.delay_ms * interval '1 millisecond')
     FROM unnest($1::text[], $2::float8[]) AS b(key, delay_ms)
     WHERE t.key = b.key`,
    [blocks.map((block) => block.key), blocks.map((block) => block.delayMs)],
  );
};

export const deleteThrottleKey = async (db: Queryable, key: string) => {
  await db.query('DELETE FROM throttle WHERE key = $1', [key]);
};

/** Deletes every row whose window and block have both passed; returns how many went. */
export const purgeExpiredThrottles = async (db: Queryable) => {
  const result = await db.query('DELETE FROM throttle WHERE expires_at <= now()');
  return result.rowCount ?? 0;
};
