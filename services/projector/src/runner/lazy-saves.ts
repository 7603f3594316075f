// The live runners' checkpoint moves past pages they handle none of, gathered into one
// statement. Nine projections follow one feed, so such moves come together, each a statement
// of its own: under POST /api/leads load, the projector's most frequent statement.

import type { Queryable } from '@acres/platform/db';
import { CHECKPOINT_CHANNEL } from '@acres/read-models/checkpoints';
import { CheckpointConflictError } from './errors.ts';

export type LazyMove = { name: string; from: bigint; to: bigint };
export type LazySaves = { save(move: LazyMove): Promise<void> };

type Waiting = LazyMove & { resolve: () => void; reject: (error: unknown) => void };

/**
 * The compare-and-set of advanceCheckpoint (checkpoints.ts) for many projections at once,
 * without waiting for the WAL flush, as a lazy move is: each row moves only from where its
 * runner last saw it and only while running, and is announced; a projection whose row did not
 * move gets CheckpointConflictError, as alone. Moves asked within `gatherMs` share a statement.
 */
export const createLazySaves = (options: { db: Queryable; gatherMs?: number }): LazySaves => {
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;

  const flush = async () => {
    timer = null;
    const batch = waiting;
    waiting = [];
    try {
      const { rows } = await options.db.query<{ name: string }>(
        `WITH lazy AS (SELECT set_config('synchronous_commit', 'off', true) AS off), moved AS (
           UPDATE projection_checkpoints c
              SET position = m.to_position, updated_at = now()
             FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS m (name, from_position, to_position)
            WHERE c.name = m.name AND c.position = m.from_position AND c.status = 'running'
              AND (SELECT off FROM lazy) IS NOT NULL
            RETURNING c.name, c.position)
         SELECT name, pg_notify('${CHECKPOINT_CHANNEL}', json_build_object('name', name, 'position', position::text)::text) FROM moved`,
        [batch.map((move) => move.name), batch.map((move) => move.from.toString()), batch.map((move) => move.to.toString())],
      );
      const moved = new Set(rows.map((row) => row.name));
      for (const move of batch) {
        if (moved.has(move.name)) move.resolve();
        else move.reject(new CheckpointConflictError(move.name, move.from));
      }
    } catch (error) {
      for (const move of batch) move.reject(error);
    }
  };

  return {
    save: (move) =>
      new Promise<void>((resolve, reject) => {
        // One row per statement: a runner awaits its move, so a second one of the same name waits its turn.
        if (waiting.some((other) => other.name === move.name)) {
          reject(new Error(`a lazy checkpoint move of '${move.name}' is already waiting`));
          return;
        }
        waiting.push({ ...move, resolve, reject });
        timer ??= setTimeout(() => void flush(), options.gatherMs ?? 2);
      }),
  };
};
