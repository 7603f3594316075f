// Replays the log into the versioned tables of one or more rebuilds in a single pass:
// each page is read once (the next one is read while this one is applied) and applied
// to every rebuild on its own connection, in the runner's transactions (rows and the
// rebuild's checkpoint together), so an interruption at any point loses nothing.
//
// A lane gathers the events it handles over several pages and commits them together once
// it holds a batch of them (or MAX_PAGES_PER_COMMIT pages, or at the head): a projection
// that handles one event in ten commits once per four pages, not once per page, so the
// transactions, checkpoint writes and statements per event fall with its share of the log.
// Interrupted, a lane resumes from its committed checkpoint; what it gathered is read again.

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
  /** Events read past `position` and not yet committed: the ones it handles, then the last one read. */
  gathered: RecordedEvent[];
  /** Of `gathered`, how many it handles, and over how many pages. */
  gatheredHandled: number;
  gatheredPages: number;
};

/** Pages a lane may gather before it commits, whatever it handles of them (bounds memory and redo work). */
export const MAX_PAGES_PER_COMMIT = 4;

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
    gathered: [],
    gatheredHandled: 0,
    gatheredPages: 0,
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

const lastOf = (lane: ReplayLane) => lane.gathered.at(-1)?.globalPosition ?? lane.position;

/** Commits what the lane gathered (rows and checkpoint in one transaction). */
const flushLane = async (lane: ReplayLane, more: boolean) => {
  const events = lane.gathered;
  lane.gathered = [];
  lane.gatheredHandled = 0;
  lane.gatheredPages = 0;
  if (events.length === 0 || lane.failed) return;
  const outcome = await applyPage(lane.context, events, lane.position, { more });
  if (outcome === 'failed') lane.failed = true;
  else lane.position = outcome;
};

const applyToLane = async (lane: ReplayLane, page: readonly RecordedEvent[], more: boolean, batchSize: number) => {
  const after = lastOf(lane);
  const events = page.filter((event) => event.globalPosition > after);
  if (events.length === 0) return;
  const { handles } = lane.context;
  // The last event read stays last, handled or not: the checkpoint moves to it.
  const tail = lane.gathered.at(-1);
  if (tail && !handles.has(tail.type)) lane.gathered.pop();
  for (const event of events) if (handles.has(event.type)) lane.gathered.push(event);
  lane.gatheredHandled = lane.gathered.length;
  if (!handles.has(events.at(-1)!.type)) lane.gathered.push(events.at(-1)!);
  lane.gatheredPages += 1;
  if (more && lane.gatheredHandled < batchSize && lane.gatheredPages < MAX_PAGES_PER_COMMIT) return;
  await flushLane(lane, more);
};

/** Commits what every lane gathered; a lane that cannot (a stop during a retry's back-off) reads it again next run. */
const flushAll = async (lanes: readonly ReplayLane[]) => {
  const settled = await Promise.allSettled(lanes.map((lane) => flushLane(lane, false)));
  const rejected = settled.find((result) => result.status === 'rejected');
  if (rejected && !(rejected.reason instanceof StopRequested)) throw rejected.reason;
};

/** Commits what lanes gathered and writes the checkpoints they moved in memory only (pages they handle none of). */
const saveLanes = async (lanes: readonly ReplayLane[]): Promise<ReplayOutcome> => {
  await Promise.all(lanes.map((lane) => flushLane(lane, false)));
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
  for (const lane of lanes) Object.assign(lane, { gathered: [], gatheredHandled: 0, gatheredPages: 0 });
  let next = read(from);
  for (;;) {
    if (signal.aborted) {
      next.catch(() => {});
      // What the lanes gathered is committed, so the next run resumes from there.
      await flushAll(lanes);
      return 'interrupted';
    }
    const page = await next;
    if (page.length === 0) return saveLanes(lanes);
    from = page.at(-1)!.globalPosition;
    const full = page.length === batchSize;
    if (full) next = read(from);
    // Every lane finishes its transaction before anything else happens to the connections.
    const settled = await Promise.allSettled(lanes.map((lane) => applyToLane(lane, page, full, batchSize)));
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
      // The other lanes keep what they got to, as a resume expects.
      await flushAll(lanes);
      return 'failed';
    }
    if (!full) return saveLanes(lanes);
  }
};
