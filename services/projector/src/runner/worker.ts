// The life of one projection in one process: wait for ownership (hot standby), catch up
// in batches with readAll, then follow the live subscription; on a database error give
// up ownership and start over; on a poison event stop and wait to be resumed; when an
// operator command waits for the projection's lock (rebuild swap, skip), hand it over.

import type { EventStore } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { Pool, PoolClient } from '@acres/platform/db';
import { applyPage, saveProgress, type ApplyContext, type RetryPolicy } from './apply.ts';
import { reportCheckpoint, type CheckpointRow } from '@acres/read-models/checkpoints';
import { readOrCreateCheckpoint } from './checkpoints.ts';
import { watchCommandsFor } from './command-watch.ts';
import { describeError, isConnectionError } from './errors.ts';
import { releaseOwnership, tryTakeOwnership } from './ownership.ts';
import type { Projection } from '@acres/read-models/projection';
import type { LiveFeed } from './live-feed.ts';
import type { LazySaves } from './lazy-saves.ts';
import type { PageReader } from './page-reader.ts';
import type { ProjectionStatus } from './status.ts';
import { isConnectionAlive, sleep, StopRequested } from './transaction.ts';

export type WorkerOptions = {
  projection: Projection;
  eventStore: EventStore;
  /** The process's one live subscription, shared by its projections. */
  feed: LiveFeed;
  /** The process's catch-up reader: projections at the same position share each page. */
  pages: PageReader;
  /** The process's gathered checkpoint moves past unhandled pages. */
  lazySaves?: LazySaves;
  pool: Pool;
  logger: Logger;
  batchSize: number;
  retry: RetryPolicy;
  /** How often a standby tries to take ownership. */
  lockRetryMs: number;
  /** How often a failed projection checks whether an operator resumed it. */
  failedPollMs: number;
  /** Pause after a database or event store error, doubled per consecutive error up to 30 s. */
  errorDelayMs: number;
  /** How often an owner looks for an operator command waiting for its lock (default 500 ms). */
  handoverPollMs?: number;
  signal: AbortSignal;
  status: ProjectionStatus;
};

type Outcome = 'standby' | 'failed' | 'stopped' | 'handed-over';

/**
 * While owned, looks every intervalMs for an operator command waiting for the lock and
 * calls onWaiting once. The owner then ends its session at the next transaction boundary.
 */
const watchForCommand = (options: WorkerOptions, onWaiting: () => void) => {
  let requested = false;
  const stop = watchCommandsFor({
    db: options.pool,
    name: options.projection.name,
    intervalMs: options.handoverPollMs ?? 500,
    onWaiting: () => {
      if (requested) return;
      requested = true;
      onWaiting();
    },
  });
  return { requested: () => requested, stop };
};

const showCheckpoint = (status: ProjectionStatus, row: CheckpointRow) => Object.assign(status, reportCheckpoint(row));

/** Longest a live runner leaves its stored checkpoint behind after batches it handles none of. */
const LIVE_SAVE_MS = 20;

/** True when `pending` has not settled within ms. */
const idleFor = async (pending: Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<true>((resolve) => {
    timer = setTimeout(() => resolve(true), ms);
  });
  try {
    return await Promise.race([
      pending.then(
        () => false,
        () => false,
      ),
      idle,
    ]);
  } finally {
    clearTimeout(timer);
  }
};

const runOwned = async (options: WorkerOptions, client: PoolClient, signal: AbortSignal): Promise<Outcome> => {
  const { projection, status, batchSize, logger } = options;
  const checkpoint = await readOrCreateCheckpoint(client, projection.name);
  showCheckpoint(status, checkpoint);
  if (checkpoint.status === 'failed') return 'failed';

  const context: ApplyContext = {
    projection,
    handles: new Set(projection.handles),
    client,
    log: options.eventStore,
    ...(options.lazySaves && { lazySaves: options.lazySaves }),
    logger,
    retry: options.retry,
    signal,
    status,
  };
  let position = checkpoint.position;
  status.state = 'catching-up';
  logger.info({ position: position.toString() }, 'projection owned; catching up');
  const startedAt = performance.now();
  const appliedBefore = status.eventsApplied;
  const cursor = options.pages.open(position);
  try {
    for (;;) {
      if (signal.aborted) return 'stopped';
      const page = await cursor.read(position, signal);
      if (page.length === 0) break;
      const outcome = await applyPage(context, page, position, { more: page.length >= batchSize });
      if (outcome === 'failed') return 'failed';
      position = outcome;
      if (page.length < batchSize) break;
    }
  } finally {
    cursor.close();
  }
  await saveProgress(context, position);
  const seconds = (performance.now() - startedAt) / 1000;
  logger.info(
    { position: position.toString(), eventsApplied: status.eventsApplied - appliedBefore, seconds: Number(seconds.toFixed(3)) },
    'caught up; following live',
  );

  status.state = 'live';
  for (;;) {
    const pending = options.feed.read({ after: position, maxCount: batchSize, signal });
    // A batch handled none of moves the checkpoint in memory only; it is stored with the
    // next handled batch, or once no batch has come for LIVE_SAVE_MS.
    if (context.unsaved && (await idleFor(pending, LIVE_SAVE_MS))) await saveProgress(context, position);
    const batch = await pending;
    if (batch.length === 0) break;
    const outcome = await applyPage(context, batch, position, { more: true, maxUnsavedMs: LIVE_SAVE_MS });
    if (outcome === 'failed') return 'failed';
    position = outcome;
  }
  if (!signal.aborted) throw new Error('the live feed ended; starting over');
  // Pages skipped in memory only: leave the stored checkpoint where this runner got to.
  await saveProgress(context, position);
  return 'stopped';
};

/** Takes ownership if free, runs until stop, failure or a lost connection, and always gives ownership back. */
const ownAndRun = async (options: WorkerOptions): Promise<Outcome> => {
  const client = await tryTakeOwnership(options.pool, options.projection.name);
  if (!client) return 'standby';
  // The connection carries the lock: when it breaks, stop at once, since a standby may take over.
  const session = new AbortController();
  const signal = AbortSignal.any([options.signal, session.signal]);
  let lost: Error | null = null;
  let broken = false;
  const onError = (error: Error) => {
    lost = error;
    options.logger.warn({ err: error }, 'projection connection lost');
    session.abort(error);
  };
  client.on('error', onError);
  // Ends the session like a stop: the current transaction finishes, nothing new starts.
  const command = watchForCommand(options, () => session.abort());
  const handedOver = () => command.requested() && !options.signal.aborted;
  try {
    const outcome = await runOwned(options, client, signal);
    if (lost) throw lost;
    return outcome === 'stopped' && handedOver() ? 'handed-over' : outcome;
  } catch (error) {
    if (lost) {
      broken = true;
      throw lost;
    }
    if (error instanceof StopRequested) return handedOver() ? 'handed-over' : 'stopped';
    broken = isConnectionError(error) || !(await isConnectionAlive(client));
    throw error;
  } finally {
    command.stop();
    // Ends this ownership's live subscription, whatever ended the ownership.
    session.abort();
    client.off('error', onError);
    if (broken) client.on('error', () => {});
    await releaseOwnership(client, options.projection.name, { broken });
  }
};

export const runWorker = async (options: WorkerOptions): Promise<void> => {
  const { signal, status, logger } = options;
  let consecutiveErrors = 0;
  let wasStandby = false;
  while (!signal.aborted) {
    try {
      const outcome = await ownAndRun(options);
      if (outcome === 'stopped') break;
      consecutiveErrors = 0;
      if (outcome === 'handed-over') {
        // The command holds the lock until it commits; this runner stands by like any other.
        logger.info('an operator command (rebuild swap or skip) is waiting for the projection; handed it over');
        wasStandby = true;
        status.state = 'standby';
        await sleep(options.lockRetryMs, signal);
      } else if (outcome === 'standby') {
        if (!wasStandby) logger.info('another process owns the projection; standing by');
        wasStandby = true;
        status.state = 'standby';
        await sleep(options.lockRetryMs, signal);
      } else {
        wasStandby = false;
        status.state = 'failed';
        await sleep(options.failedPollMs, signal);
      }
    } catch (error) {
      if (error instanceof StopRequested) break;
      consecutiveErrors += 1;
      const delayMs = Math.min(options.errorDelayMs * 2 ** (consecutiveErrors - 1), 30_000);
      status.state = 'retrying';
      status.lastError = describeError(error);
      logger.warn({ err: error, delayMs }, 'projection interrupted; starting over from its checkpoint');
      await sleep(delayMs, signal).catch(() => {});
    }
  }
  status.state = 'stopped';
};
