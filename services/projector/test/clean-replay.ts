// The check a kill-and-restart spec ends with: once nothing writes any more, every live
// projection applied each event of its types exactly once (none twice, none skipped), and
// every read-model table equals a clean replay of the whole log from position 0.

import type { EventStore } from '@acres/eventstore/port';
import { storedLog } from '@acres/eventstore/test';
import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { waitForProjections } from '@acres/read-models/freshness';
import { ALL_PROJECTIONS } from '../src/projections/index.ts';
import { startProjector } from '../src/runner/runner.ts';
import { readLiveAndReference, type ReferenceProjection } from './rebuild.ts';

export type AppliedCount = { name: string; applied: number; handled: number };

/**
 * The last event written, not the visible head: an open transaction anywhere in the cluster
 * holds the visible head back, and the projections go past it once it ends.
 */
export const readLastWrittenPosition = async (pool: Pool) =>
  (await storedLog(pool).readAll({ direction: 'backward', maxCount: 1, unsettled: true }))[0]!.globalPosition;

const reachOrThrow = async (pool: Pool, names: readonly string[], head: bigint, timeoutMs: number, who: string) => {
  if (!(await waitForProjections({ pool, names, position: head, timeoutMs })))
    throw new Error(`${who} did not reach position ${head} within ${timeoutMs / 1000} s`);
};

/** Waits for the live projections to reach `head`, then per projection: events applied (its checkpoint) and events of its types in the log. */
export const countAppliedEvents = async (options: { pool: Pool; head: bigint; timeoutMs: number }): Promise<AppliedCount[]> => {
  const { pool, head } = options;
  const names = ALL_PROJECTIONS.map((projection) => projection.name);
  await reachOrThrow(pool, names, head, options.timeoutMs, 'the live projections');
  const log = storedLog(pool);
  const counts: AppliedCount[] = [];
  for (const projection of ALL_PROJECTIONS) {
    const { rows } = await pool.query<{ applied: number }>(
      'SELECT events_applied AS applied FROM projection_checkpoints WHERE name = $1',
      [projection.name],
    );
    const handled = await log.countEvents({ toPosition: head, filter: { types: projection.handles } });
    counts.push({ name: projection.name, applied: rows[0]?.applied ?? -1, handled });
  }
  return counts;
};

/**
 * Replays the log from 0 to `head` into the reference tables with a projector of their own
 * (on `replayPool`, which needs a connection per projection), then reads each table live and
 * replayed, to be compared.
 */
export const replayCleanly = async (options: {
  eventStore: EventStore;
  pool: Pool;
  replayPool?: Pool;
  logger: Logger;
  references: readonly ReferenceProjection[];
  head: bigint;
  timeoutMs: number;
}) => {
  const { pool, references, head } = options;
  const clean = startProjector({
    eventStore: options.eventStore,
    pool: options.replayPool ?? pool,
    logger: options.logger,
    projections: references.map((reference) => reference.projection),
    batchSize: 1000,
  });
  try {
    const names = references.map((reference) => reference.projection.name);
    await reachOrThrow(pool, names, head, options.timeoutMs, 'the clean replay');
  } finally {
    await clean.stop();
  }
  return readLiveAndReference(pool, references);
};
