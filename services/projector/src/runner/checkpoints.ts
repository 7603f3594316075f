// The projector's writes to the projection_checkpoints table (its reads, the NOTIFY
// channel and the row type are shared with the read side in @acres/read-models/checkpoints).

import { z } from 'zod';
import type { Queryable } from '@acres/platform/db';
import { CHECKPOINT_CHANNEL, readCheckpoints, type CheckpointRow } from '@acres/read-models/checkpoints';
import { CheckpointConflictError } from './errors.ts';

/** Creates the row at position 0 the first time a projection runs, then reads it. */
export const readOrCreateCheckpoint = async (db: Queryable, name: string): Promise<CheckpointRow> => {
  await db.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  const [row] = await readCheckpoints(db, [name]);
  return row!;
};

/**
 * Compare-and-set: moves the checkpoint only from where this runner last saw it and
 * only while the projection is running, and announces the new position (NOTIFY is
 * delivered at COMMIT, so listeners never hear of rows they cannot see yet).
 * Zero rows means another owner moved it or an operator reset it: throw, roll back.
 */
export const advanceCheckpoint = async (
  db: Queryable,
  options: { name: string; from: bigint; to: bigint; applied: number },
): Promise<void> => {
  const { rowCount } = await db.query(
    `WITH moved AS (
       UPDATE projection_checkpoints
          SET position = $3::bigint, events_applied = events_applied + $4::bigint, updated_at = now()
        WHERE name = $1 AND position = $2::bigint AND status = 'running'
        RETURNING name, position)
     SELECT pg_notify('${CHECKPOINT_CHANNEL}', json_build_object('name', name, 'position', position::text)::text) FROM moved`,
    [options.name, options.from.toString(), options.to.toString(), options.applied],
  );
  if (rowCount !== 1) throw new CheckpointConflictError(options.name, options.from);
};

/** A move past events a projection handles none of: no rows, no events applied. */
export type LazyMove = { name: string; from: bigint; to: bigint };

/**
 * advanceCheckpoint's compare-and-set and announcement for lazy moves, of one projection or
 * many in one statement; answers the names whose row moved (a missing one: another owner
 * moved it, an operator reset it, or it is not running).
 *
 * A lazy move commits without waiting for the WAL flush. A notifying transaction holds
 * PostgreSQL's global NOTIFY lock from its pre-commit until its commit is flushed, so
 * at hundreds of commands a second the live runners' flushed checkpoint moves queued
 * every projection's commits (and the leads' rows) behind one disk flush each. Losing
 * such a move in a crash of the database only makes the runner pass the same unhandled
 * events again; rows and the checkpoint of a handled batch still commit together.
 */
export const advanceCheckpointsLazily = async (db: Queryable, moves: readonly LazyMove[]): Promise<ReadonlySet<string>> => {
  const { rows } = await db.query<{ name: string }>(
    `WITH lazy AS (SELECT set_config('synchronous_commit', 'off', true) AS off), moved AS (
       UPDATE projection_checkpoints c
          SET position = m.to_position, updated_at = now()
         FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS m (name, from_position, to_position)
        WHERE c.name = m.name AND c.position = m.from_position AND c.status = 'running'
          AND (SELECT off FROM lazy) IS NOT NULL
        RETURNING c.name, c.position)
     SELECT name, pg_notify('${CHECKPOINT_CHANNEL}', json_build_object('name', name, 'position', position::text)::text) FROM moved`,
    [moves.map((move) => move.name), moves.map((move) => move.from.toString()), moves.map((move) => move.to.toString())],
  );
  return new Set(rows.map((row) => row.name));
};

// Any 8-4-4-4-12 hex id fits the uuid column (PostgreSQL checks no version or variant).
const Guid = z.guid();

/** Stops the projection at `position` (the last event applied), naming the event it cannot apply. */
export const markFailed = async (
  db: Queryable,
  options: { name: string; position: bigint; error: string; event: { id: string; type: string; globalPosition: bigint } },
): Promise<void> => {
  const eventId = Guid.safeParse(options.event.id).success ? options.event.id : null;
  const error = eventId ? options.error : `${options.error} [event id ${options.event.id}]`;
  const { rowCount } = await db.query(
    `WITH failed AS (
       UPDATE projection_checkpoints
          SET status = 'failed', last_error = $3, failed_position = $4::bigint, failed_event_id = $5::uuid,
              failed_event_type = $6, failed_at = now(), updated_at = now()
        WHERE name = $1 AND position = $2::bigint AND status = 'running'
        RETURNING name, position)
     SELECT pg_notify('${CHECKPOINT_CHANNEL}', json_build_object('name', name, 'position', position::text, 'status', 'failed')::text) FROM failed`,
    [
      options.name,
      options.position.toString(),
      error.slice(0, 8000),
      options.event.globalPosition.toString(),
      eventId,
      options.event.type,
    ],
  );
  if (rowCount !== 1) throw new CheckpointConflictError(options.name, options.position);
};

/**
 * Puts a failed projection back to running (after the handler or the data was fixed);
 * its runner notices within its failed-poll interval and retries the same event. The
 * failure is in the logs; the row clears it so an error shown always means "stopped now".
 */
export const resumeProjection = async (db: Queryable, name: string): Promise<boolean> => {
  const { rowCount } = await db.query(
    `UPDATE projection_checkpoints
        SET status = 'running', last_error = NULL, failed_position = NULL, failed_event_id = NULL,
            failed_event_type = NULL, failed_at = NULL, updated_at = now()
      WHERE name = $1 AND status = 'failed'`,
    [name],
  );
  return rowCount === 1;
};
