// Rebuilds one or more projections from position 0 while the live ones keep serving:
//
// 1. Each projection gets versioned tables (leads__r2, created LIKE leads INCLUDING ALL)
//    and its own checkpoint row (leads@r2), recorded in projection_rebuilds.
// 2. One pass over the log fills every versioned table, in the runner's transactions
//    (rows and checkpoint together), with a progress bar.
// 3. Caught up, one transaction swaps them in (swap.ts): the live runners hand
//    their projections over, the tail is applied, the tables are renamed, the live
//    checkpoints move to where the rebuild got. Readers see the old tables or the new.
//
// Interrupted (Ctrl-C, kill -9, a lost connection) nothing live has changed; running the
// same command again resumes from the rebuild's own checkpoint, which moved with its rows
// (or, with --restart, or when the live tables changed meanwhile, starts again from 0).

import type { EventStore } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { Pool, PoolClient } from '@acres/platform/db';
import { readCheckpoints } from '@acres/read-models/checkpoints';
import { ProjectionLockTimeoutError } from '../runner/command-lock.ts';
import { silentProgress, type ProgressSink } from './progress.ts';
import { prepareRebuild, type RebuildTarget } from './prepare.ts';
import { openLane, replayUntilCaughtUp, type ReplayLane } from './replay.ts';
import { swapInRebuilds, TableLockTimeoutError, TailApplyError, type SwapResult } from './swap.ts';
import { analyzeTables } from './tables.ts';
import type { RebuildRecipe } from './targets.ts';

export type RebuildOptions = {
  pool: Pool;
  eventStore: EventStore;
  recipes: readonly RebuildRecipe[];
  logger: Logger;
  /** Events per read and per transaction (default 1000). */
  batchSize?: number;
  /** Discard an unfinished rebuild instead of resuming it. */
  restart?: boolean;
  /** Stops after the page in hand; the next run resumes. */
  signal?: AbortSignal;
  progress?: ProgressSink;
  /** Lines for the operator (resuming, discarding, retrying). */
  note?: (message: string) => void;
  /** Events in the log after a position: makes the progress exact (the PostgreSQL store); else positions are used. */
  countEventsAfter?: (position: bigint) => Promise<number>;
  lockTimeoutMs?: number;
  tableLockTimeoutMs?: number;
  swapAttempts?: number;
};

export type RebuildFailure = {
  name: string;
  checkpointName: string;
  position: bigint;
  failedPosition: bigint | null;
  eventId: string | null;
  eventType: string | null;
  error: string | null;
};

export type RebuildReport = { eventsReplayed: number; seconds: number; targets: RebuildTarget[] } & (
  | { outcome: 'swapped'; swapped: SwapResult[] }
  | { outcome: 'interrupted'; positions: { name: string; checkpointName: string; position: bigint }[] }
  | { outcome: 'failed'; failures: RebuildFailure[] }
);

export class RebuildBusyError extends Error {
  override readonly name = 'RebuildBusyError';
}

// One rebuild per projection at a time, across processes; a key space apart from ownership's.
const takeRebuildLocks = async (client: PoolClient, names: readonly string[]) => {
  for (const name of names) {
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext('acres.rebuild'), hashtext($1)) AS locked`,
      [name],
    );
    if (!rows[0]?.locked) throw new RebuildBusyError(`a rebuild of '${name}' is already running in another process`);
  }
};

const createProgressTracker = (options: RebuildOptions, lanes: readonly ReplayLane[]) => {
  const progress = options.progress ?? silentProgress;
  const start = lanes.reduce((min, lane) => (lane.position < min ? lane.position : min), lanes[0]?.position ?? 0n);
  let done = 0;
  let total: number | null = null;
  let head: bigint | null = null;
  let position = start;
  let refreshing: Promise<void> | null = null;
  let refreshedAt = -Infinity;
  const refresh = () => {
    refreshedAt = performance.now();
    const counted = options.countEventsAfter
      ? options.countEventsAfter(position).then((remaining) => {
          total = done + remaining;
        })
      : options.eventStore.readHeadPosition().then((value) => {
          head = value;
        });
    refreshing = counted
      .catch(() => {})
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };
  const fraction = () => (head === null || head <= start ? null : Math.min(1, Number(position - start) / Number(head - start)));
  return {
    start: () => refresh(),
    onPage: (events: number, at: bigint) => {
      done += events;
      position = at;
      // The log grows while the rebuild runs: recount now and then, without waiting for it.
      if (!refreshing && performance.now() - refreshedAt > 3_000) void refresh();
      progress.update({ done, total: total === null ? null : Math.max(total, done), fraction: fraction() });
    },
    caughtUp: () => progress.update({ done, total: done, fraction: 1 }),
    finish: () => progress.finish(),
    done: () => done,
  };
};

const readFailures = async (pool: Pool, lanes: readonly ReplayLane[]): Promise<RebuildFailure[]> => {
  const failed = lanes.filter((lane) => lane.failed);
  const rows = await readCheckpoints(
    pool,
    failed.map((lane) => lane.target.record.checkpointName),
  );
  return rows.map((row) => ({
    name: failed.find((lane) => lane.target.record.checkpointName === row.name)!.target.recipe.live.name,
    checkpointName: row.name,
    position: row.position,
    failedPosition: row.failedPosition,
    eventId: row.failedEventId,
    eventType: row.failedEventType,
    error: row.lastError,
  }));
};

export const runRebuild = async (options: RebuildOptions): Promise<RebuildReport> => {
  const { pool, logger } = options;
  const note = options.note ?? ((message: string) => logger.info(message));
  const batchSize = options.batchSize ?? 1000;
  const signal = options.signal ?? new AbortController().signal;
  const started = performance.now();
  const control = await pool.connect();
  const laneClients: PoolClient[] = [];
  let controlBroken = false;
  try {
    await takeRebuildLocks(
      control,
      options.recipes.map((recipe) => recipe.live.name),
    );
    const targets: RebuildTarget[] = [];
    for (const recipe of options.recipes)
      targets.push(await prepareRebuild({ pool, recipe, restart: options.restart ?? false, note }));
    for (let i = 0; i < targets.length; i += 1) laneClients.push(await pool.connect());
    const lanes = targets.map((target, index) => openLane({ target, client: laneClients[index]!, logger, signal }));
    const tracker = createProgressTracker(options, lanes);
    await tracker.start();
    const seconds = () => (performance.now() - started) / 1000;
    let analyzed = false;
    try {
      for (let attempt = 1; ; attempt += 1) {
        const outcome = await replayUntilCaughtUp({
          eventStore: options.eventStore,
          lanes,
          batchSize,
          signal,
          onPage: tracker.onPage,
        });
        if (outcome === 'interrupted') {
          const positions = lanes.map((lane) => ({
            name: lane.target.recipe.live.name,
            checkpointName: lane.target.record.checkpointName,
            position: lane.position,
          }));
          return { outcome, positions, eventsReplayed: tracker.done(), seconds: seconds(), targets };
        }
        if (outcome === 'failed')
          return {
            outcome,
            failures: await readFailures(pool, lanes),
            eventsReplayed: tracker.done(),
            seconds: seconds(),
            targets,
          };
        tracker.caughtUp();
        if (!analyzed) {
          // Fresh tables have no planner statistics; readers get them from the first query on.
          await analyzeTables(
            pool,
            targets.flatMap((target) => target.record.tables.map((pair) => pair.building)),
          );
          analyzed = true;
        }
        try {
          const swapped = await swapInRebuilds({
            pool,
            eventStore: options.eventStore,
            lanes,
            batchSize,
            lockTimeoutMs: options.lockTimeoutMs ?? 30_000,
            tableLockTimeoutMs: options.tableLockTimeoutMs ?? 5_000,
          });
          return { outcome: 'swapped', swapped, eventsReplayed: tracker.done(), seconds: seconds(), targets };
        } catch (error) {
          const retry = error instanceof TableLockTimeoutError || error instanceof TailApplyError;
          if (!retry || attempt >= (options.swapAttempts ?? 5) || signal.aborted) throw error;
          // A poison event in the tail is found, retried and recorded by the replay's own path.
          note(`swap not made (${error.message}); catching up and trying again`);
        }
      }
    } finally {
      tracker.finish();
    }
  } catch (error) {
    if (!(error instanceof RebuildBusyError || error instanceof ProjectionLockTimeoutError))
      controlBroken = !(await control.query('SELECT 1').then(
        () => true,
        () => false,
      ));
    throw error;
  } finally {
    // Their sessions carried nothing worth keeping, and one may have broken mid-run.
    for (const client of laneClients) client.release(true);
    if (controlBroken) control.release(true);
    else {
      await control.query('SELECT pg_advisory_unlock_all()').catch(() => {
        controlBroken = true;
      });
      control.release(controlBroken || undefined);
    }
  }
};
