// Replays the log into the versioned tables of one or more rebuilds in a single pass:
// each page is read once (the next one is read while this one is applied) and applied
// to every rebuild on its own connection, in the runner's transactions (rows and the
// rebuild's checkpoint together), so an interruption at any point loses nothing.

import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { PoolClient } from '@acres/platform/db';
import { applyPage, saveProgress, type ApplyContext } from '../runner/apply.ts';
import type { RebuildTarget } from './prepare.ts';
import { createStatus } from '../runner/status.ts';
import { StopRequested } from '../runner/transaction.ts';

export type ReplayLane = {
  target: RebuildTarget;
  context: ApplyContext;
  /** The rebuild's checkpoint as this run knows it. */
  position: bigint;
  failed: boolean;
};

export const openLane = (options: {
  target: RebuildTarget;
  client: PoolClient;
  logger: Logger;
  signal: AbortSignal;
}): ReplayLane => {
  const { target } = options;
  return {
    target,
    position: target.startedAt,
    failed: false,
    context: {
      projection: target.projection,
      handles: new Set(target.projection.handles),
      client: options.client,
      logger: options.logger.child({ projection: target.projection.name }),
      retry: { attempts: 3, baseDelayMs: 200 },
      signal: options.signal,
      status: createStatus(target.projection.name),
    },
  };
};

export type ReplayOutcome = 'caught-up' | 'interrupted' | 'failed';

const applyToLane = async (lane: ReplayLane, page: readonly RecordedEvent[], more: boolean) => {
  const events = page.filter((event) => event.globalPosition > lane.position);
  if (events.length === 0) return;
  const outcome = await applyPage(lane.context, events, lane.position, { more });
  if (outcome === 'failed') lane.failed = true;
  else lane.position = outcome;
};

/** Writes the checkpoints lanes moved in memory only (pages they handle none of). */
const saveLanes = async (lanes: readonly ReplayLane[]): Promise<ReplayOutcome> => {
  await Promise.all(lanes.filter((lane) => !lane.failed).map((lane) => saveProgress(lane.context, lane.position)));
  return 'caught-up';
};

/**
 * Applies pages until a page comes back short (the lanes have reached the head as it
 * was a moment ago), the signal aborts (after the page in hand is committed), or a lane
 * stops on an event it cannot apply (its checkpoint row says which).
 */
export const replayUntilCaughtUp = async (options: {
  eventStore: EventStore;
  lanes: readonly ReplayLane[];
  batchSize: number;
  signal: AbortSignal;
  onPage: (events: number, position: bigint) => void;
}): Promise<ReplayOutcome> => {
  const { eventStore, lanes, batchSize, signal } = options;
  const read = (fromPosition: bigint) => eventStore.readAll({ fromPosition, maxCount: batchSize });
  let from = lanes.reduce((min, lane) => (lane.position < min ? lane.position : min), lanes[0]?.position ?? 0n);
  let next = read(from);
  for (;;) {
    if (signal.aborted) {
      next.catch(() => {});
      return 'interrupted';
    }
    const page = await next;
    if (page.length === 0) return saveLanes(lanes);
    from = page.at(-1)!.globalPosition;
    const full = page.length === batchSize;
    if (full) next = read(from);
    // Every lane finishes its transaction before anything else happens to the connections.
    const settled = await Promise.allSettled(lanes.map((lane) => applyToLane(lane, page, full)));
    const rejected = settled.find((result) => result.status === 'rejected');
    if (rejected) {
      if (full) next.catch(() => {});
      // Ctrl-C during a retry's back-off: the event is retried by the next run.
      if (rejected.reason instanceof StopRequested) return 'interrupted';
      throw rejected.reason;
    }
    options.onPage(page.length, from);
    if (lanes.some((lane) => lane.failed)) {
      if (full) next.catch(() => {});
      return 'failed';
    }
    if (!full) return saveLanes(lanes);
  }
};
