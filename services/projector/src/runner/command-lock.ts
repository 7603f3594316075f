// Operator commands and running projectors share one lock per projection: the advisory
// lock of ownership.ts, which the owning runner holds for as long as it runs. A command
// that must change a projection's tables or checkpoint (the rebuild's swap, skip) waits
// for that lock inside its transaction; the owning runner notices a waiter, hands the
// lock over and stands by (worker.ts), and takes it back once the command has committed.
// Standbys only ever try the lock without waiting, so a waiter is always a command.

import type { PoolClient, Queryable } from '@acres/platform/db';
// The same two keys as ownership.ts (a test takes ownership there and the lock here),
// defined once with the read side, which looks them up in pg_locks.
import { PROJECTION_LOCK_KEYS } from '@acres/read-models/ownership';

const LOCK_NOT_AVAILABLE = '55P03';

export class ProjectionLockTimeoutError extends Error {
  override readonly name = 'ProjectionLockTimeoutError';
  constructor(projection: string, timeoutMs: number) {
    super(
      `The projector running '${projection}' did not hand it over within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`} ` +
        '(is an older projector version running, or is it stuck in a long transaction?). Nothing was changed.',
    );
  }
}

/**
 * Waits (at most timeoutMs) for the projection's lock inside the client's open
 * transaction; it is released at COMMIT or ROLLBACK, or when the connection dies.
 */
export const lockProjectionForCommand = async (client: PoolClient, name: string, options: { timeoutMs: number }) => {
  await client.query(`SELECT set_config('lock_timeout', $1, true)`, [`${Math.max(1, Math.round(options.timeoutMs))}ms`]);
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${PROJECTION_LOCK_KEYS})`, [name]);
  } catch (error) {
    if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) throw new ProjectionLockTimeoutError(name, options.timeoutMs);
    throw error;
  } finally {
    await client.query(`SELECT set_config('lock_timeout', '0', true)`).catch(() => {});
  }
};

const WAITING_FOR = `SELECT name FROM unnest($1::text[]) AS name
  WHERE EXISTS (SELECT 1 FROM pg_locks l
                 WHERE l.locktype = 'advisory' AND NOT l.granted AND l.objsubid = 2
                   AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                   AND l.classid = hashtext('acres.projection')::oid AND l.objid = hashtext(name)::oid)`;

/** The projections among names whose lock some session waits for: an operator command wants them. */
export const findWaitingCommands = async (db: Queryable, names: readonly string[]): Promise<Set<string>> => {
  if (names.length === 0) return new Set();
  const { rows } = await db.query<{ name: string }>(WAITING_FOR, [names]);
  return new Set(rows.map((row) => row.name));
};

/** True while some session waits for the projection's lock: an operator command wants it. */
export const isCommandWaiting = async (db: Queryable, name: string): Promise<boolean> =>
  (await findWaitingCommands(db, [name])).has(name);
