// Follows the event log from the notifier's own checkpoint (never a projection's, so a
// projection rebuild or replay never resends): one transaction per page of the log moves the
// checkpoint together with the messages and jobs its events planned.

import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import { withTransaction, type Pool } from '@acres/platform/db';
import { pause } from '../pause.ts';
import { advanceCheckpoint, lockCheckpoint, readCheckpoint, saveCheckpoint } from '../store/checkpoint.ts';
import { planEvent, type PlanDeps } from './plan-event.ts';
import { eraseNotifierData, erasureOf } from '../erasure/erase-notifier-data.ts';

export type FollowerDeps = PlanDeps & {
  pool: Pool;
  /** The local outbox folder, whose files of an erased person go with their rows. */
  outboxDir?: string;
  /** Called after a commit that queued deliveries, to wake the workers at once. */
  onQueued: () => void;
};

export type Follower = { stop(): Promise<void> };

/**
 * The notifier's own outcome events (one per delivery attempt, as many as the messages):
 * they plan nothing and name no contact, so a page of only these moves the checkpoint in one statement.
 */
const OWN_OUTCOMES: ReadonlySet<string> = new Set(['NotificationSent', 'NotificationFailed']);

/** Pages as the store reads them; a store that pushes events one by one (ESDB) gives pages of one. */
async function* pagesOf(eventStore: EventStore, options: { fromPosition: bigint; signal: AbortSignal }) {
  const subscribeOptions = { ...options, batchSize: 200 };
  if (eventStore.subscribeToAllPages) {
    yield* eventStore.subscribeToAllPages(subscribeOptions);
    return;
  }
  for await (const event of eventStore.subscribeToAll(subscribeOptions)) yield [event];
}

/**
 * Plans a page in one transaction: its checkpoint row lock, BEGIN, COMMIT and flush were each
 * paid once per event before, about half the notifier's statements under load. Answers how many
 * deliveries it queued.
 */
const followPage = async (deps: FollowerDeps, page: readonly RecordedEvent[]): Promise<number> => {
  const last = page.at(-1)!.globalPosition;
  if (page.every((event) => OWN_OUTCOMES.has(event.type))) {
    await advanceCheckpoint(deps.pool, last);
    return 0;
  }
  return withTransaction(deps.pool, async (client) => {
    // A second notifier process waits on this row lock, then finds the page (or its start) done.
    const done = await lockCheckpoint(client);
    let queued = 0;
    for (const event of page) {
      if (event.globalPosition <= done || OWN_OUTCOMES.has(event.type)) continue;
      if (event.type === 'SubjectErased') await eraseNotifierData(client, erasureOf(event, deps));
      queued += await planEvent(deps, client, event);
    }
    if (last > done) await saveCheckpoint(client, last);
    return queued;
  });
};

export const startFollower = (deps: FollowerDeps): Follower => {
  const controller = new AbortController();
  const { signal } = controller;
  const run = async () => {
    let consecutiveErrors = 0;
    while (!signal.aborted) {
      try {
        const from = await readCheckpoint(deps.pool);
        for await (const page of pagesOf(deps.eventStore, { fromPosition: from, signal })) {
          if (signal.aborted) break;
          const queued = await followPage(deps, page);
          consecutiveErrors = 0;
          if (queued > 0) deps.onQueued();
        }
      } catch (error) {
        if (signal.aborted) break;
        consecutiveErrors += 1;
        const delayMs = Math.min(500 * 2 ** (consecutiveErrors - 1), 30_000);
        deps.logger.warn({ err: error, delayMs }, 'notifier interrupted; starting over from its checkpoint');
        await pause(delayMs, signal);
      }
    }
  };
  const done = run();
  return {
    stop: async () => {
      controller.abort();
      await done;
    },
  };
};
