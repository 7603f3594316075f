// One live subscription per projector process, fanned out to every projection it runs.
//
// Each projection used to follow the log with a subscription of its own: nine readers
// asked the database the same question after every append, and each paid the read, the
// held-back check and the decoding of every event (issue 10, goal 3). The feed reads each
// event once and keeps a window of the most recent ones; a projection asks for the events
// after its own position and gets them from the window, or waits for the next ones. One
// that is behind the window (it was standing by, stopped on a poison event, or slower
// than a burst) reads those pages from the store itself, as during catch-up.

import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';

export type LiveFeed = {
  /**
   * The events right after `after`, at most maxCount, oldest first; waits until there is
   * at least one. Resolves [] when the signal aborts or the feed closes.
   */
  read(options: { after: bigint; maxCount: number; signal: AbortSignal }): Promise<RecordedEvent[]>;
  close(): Promise<void>;
};

type Waiting = () => void;

/** Index of the first event past `position` (events are in increasing position). */
const firstAfter = (events: readonly RecordedEvent[], position: bigint) => {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (events[middle]!.globalPosition <= position) low = middle + 1;
    else high = middle;
  }
  return low;
};

export const createLiveFeed = (options: {
  eventStore: EventStore;
  logger: Logger;
  /** Events the window keeps; a projection further behind reads the store itself. */
  windowSize?: number;
  /** Largest page the subscription asks for. */
  batchSize?: number;
  /**
   * Least time between two live reads (default 0: a reader woken for a committed event
   * reads it at once). A read is one statement (page and held-back answer together), a
   * page a projection handles none of costs it no transaction, and a projection still
   * busy with its last batch takes what came meanwhile as one batch, so under load the
   * batches grow by themselves; a fixed gap only added its length to every event's lag.
   */
  minReadGapMs?: number;
}): LiveFeed => {
  const windowSize = options.windowSize ?? 10_000;
  const controller = new AbortController();
  const waiting = new Set<Waiting>();
  let window: RecordedEvent[] = [];
  // The window holds every event in (coveredFrom, head]; null until the first read starts it.
  let coveredFrom: bigint | null = null;
  let head = 0n;
  let running: Promise<void> | null = null;
  let failure: unknown = null;

  const wakeAll = () => {
    for (const wake of [...waiting]) wake();
  };

  const follow = async (fromPosition: bigint) => {
    try {
      const subscription = options.eventStore.subscribeToAll({
        fromPosition,
        signal: controller.signal,
        batchSize: options.batchSize,
        minReadGapMs: options.minReadGapMs ?? 0,
      });
      let wakeScheduled = false;
      for await (const event of subscription) {
        if (event.globalPosition <= head) continue;
        window.push(event);
        head = event.globalPosition;
        if (window.length > windowSize * 1.5) {
          const dropped = window.length - windowSize;
          coveredFrom = window[dropped - 1]!.globalPosition;
          window = window.slice(dropped);
        }
        // Events of one page arrive within one turn: wake the readers once, after it.
        if (!wakeScheduled) {
          wakeScheduled = true;
          setImmediate(() => {
            wakeScheduled = false;
            wakeAll();
          });
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        failure = error;
        options.logger.warn({ err: error }, 'live feed subscription failed; restarting it in a second');
        // The store retries failed reads itself: what ends up here is a broken answer, not worth a tight loop.
        await sleep(1_000, undefined, { signal: controller.signal }).catch(() => {});
      }
    } finally {
      running = null;
      wakeAll();
    }
  };

  const start = (position: bigint) => {
    if (running || controller.signal.aborted) return;
    if (coveredFrom === null || failure !== null) {
      // (Re)starting: the window restarts at this reader's position.
      failure = null;
      window = [];
      coveredFrom = position;
      head = position;
    }
    running = follow(head);
  };

  const waitForMore = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      // Aborted during the read before: its abort event is gone, and an idle log wakes nobody.
      if (signal.aborted) return resolve();
      const done = () => {
        waiting.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      waiting.add(done);
      signal.addEventListener('abort', done, { once: true });
    });

  const read: LiveFeed['read'] = async ({ after, maxCount, signal }) => {
    for (;;) {
      if (signal.aborted || controller.signal.aborted) return [];
      start(after);
      if (coveredFrom !== null && after < coveredFrom) {
        // Behind the window: pages from the store (shared by the readers of one pool).
        // An empty one means nothing is visible past `after`: the window is empty too.
        const page = await options.eventStore.readAll({ fromPosition: after, maxCount });
        if (page.length > 0) return page;
      }
      const from = firstAfter(window, after);
      if (from < window.length) return window.slice(from, from + maxCount);
      await waitForMore(signal);
    }
  };

  return {
    read,
    close: async () => {
      controller.abort();
      wakeAll();
      await running;
    },
  };
};
