// The live runners' checkpoint moves past pages they handle none of, gathered into one
// statement. Nine projections follow one feed, so such moves come together, each a statement
// of its own: under POST /api/leads load, the projector's most frequent statement.

import type { Queryable } from '@acres/platform/db';
import { advanceCheckpointsLazily, type LazyMove } from './checkpoints.ts';
import { CheckpointConflictError } from './errors.ts';

export type LazySaves = { save(move: LazyMove): Promise<void> };

type Waiting = LazyMove & { resolve: () => void; reject: (error: unknown) => void };

/**
 * Moves asked within `gatherMs` share one advanceCheckpointsLazily statement; a projection whose
 * row did not move gets CheckpointConflictError, as alone.
 */
export const createLazySaves = (options: { db: Queryable; gatherMs?: number }): LazySaves => {
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;

  const flush = async () => {
    timer = null;
    const batch = waiting;
    waiting = [];
    try {
      const moved = await advanceCheckpointsLazily(options.db, batch);
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
