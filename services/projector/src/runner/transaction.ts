import { setTimeout as delay } from 'node:timers/promises';
import type { PoolClient } from '@acres/platform/db';

/**
 * BEGIN … COMMIT on a connection the caller keeps (the one holding the projection's lock).
 *
 * The commit does not wait for the WAL flush (synchronous_commit off, for this transaction
 * only): rows and checkpoint are visible at once and stay atomic, and a crash of the
 * database can only lose the last projector transactions whole, which the projector
 * applies again from the checkpoint it finds (every write is idempotent). Appends keep
 * waiting for the flush: they are the source of truth.
 */
export const inTransaction = async <T>(client: PoolClient, fn: () => Promise<T>): Promise<T> => {
  // One round trip for both (simple protocol, no parameters).
  await client.query('BEGIN; SET LOCAL synchronous_commit TO off');
  try {
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A failed ROLLBACK means the connection is gone; the server discards the transaction
    // anyway, and the caller's health check reports the connection as broken.
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
};

/** True when the connection still answers within timeoutMs. */
export const isConnectionAlive = async (client: PoolClient, timeoutMs = 5_000): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      client.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
};

export class StopRequested extends Error {
  override readonly name = 'StopRequested';
}

/** Resolves after ms, or early when the signal aborts (then throws StopRequested). */
export const sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  try {
    await delay(ms, undefined, { signal });
  } catch (error) {
    // timers/promises rejects with an AbortError; callers know a stop by StopRequested.
    if (error instanceof Error && error.name === 'AbortError') throw new StopRequested();
    throw error;
  }
};
