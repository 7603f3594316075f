// The catch-up reader of one projector process: the projections catching up each ask
// for the page after their checkpoint, and projections at the same position (all of them
// after a restart, a deployment or a fresh database) share one read and one decoding of
// it (the personal-data opening included), instead of one per projection. Full pages are
// read ahead while the slowest cursor still needs them, within a window of pages that
// bounds memory: a cursor running ahead of the window waits for the slowest to move.

import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import { StopRequested } from './transaction.ts';

export type PageCursor = {
  /** The page after `from` (up to the batch size), read once for every cursor asking at `from`. */
  read(from: bigint, signal: AbortSignal): Promise<readonly RecordedEvent[]>;
  /** The cursor no longer reads (caught up, stopped, failed): pages below the others are let go. */
  close(): void;
};

export type PageReader = {
  open(position: bigint): PageCursor;
  /** Pages held now (read or being read), for specs and status. */
  pagesHeld(): number;
};

type Page = { promise: Promise<readonly RecordedEvent[]>; next?: bigint };

export const createPageReader = (options: { eventStore: EventStore; batchSize: number; windowPages?: number }): PageReader => {
  const { eventStore, batchSize } = options;
  const windowPages = options.windowPages ?? 16;
  const pages = new Map<bigint, Page>();
  const cursors = new Set<{ position: bigint }>();
  let wakers: (() => void)[] = [];

  const wakeAll = () => {
    const woken = wakers;
    wakers = [];
    for (const wake of woken) wake();
  };

  const lowest = () => {
    let min: bigint | null = null;
    for (const cursor of cursors) if (min === null || cursor.position < min) min = cursor.position;
    return min;
  };

  // A page starting below every cursor has been read by all that will ever ask for it.
  const evict = () => {
    const min = lowest();
    for (const key of pages.keys()) if (min === null || key < min) pages.delete(key);
    readAhead();
    wakeAll();
  };

  const fetch = (from: bigint): Page => {
    const page: Page = { promise: eventStore.readAll({ fromPosition: from, maxCount: batchSize }) };
    pages.set(from, page);
    page.promise.then(
      (events) => {
        if (pages.get(from) !== page) return;
        // A short page is the head as it was: the next cursor to ask reads it afresh.
        if (events.length < batchSize) pages.delete(from);
        else {
          page.next = events.at(-1)!.globalPosition;
          readAhead();
        }
      },
      () => {
        if (pages.get(from) === page) pages.delete(from);
      },
    );
    return page;
  };

  // Keeps the page after the furthest full one in flight while the window has room and a cursor still reads.
  const readAhead = () => {
    if (cursors.size === 0) return;
    for (const page of pages.values()) {
      if (pages.size >= windowPages) return;
      if (page.next !== undefined && !pages.has(page.next)) fetch(page.next);
    }
  };

  const waitForRoom = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new StopRequested());
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      wakers.push(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });

  return {
    open: (position) => {
      const cursor = { position };
      cursors.add(cursor);
      return {
        read: async (from, signal) => {
          cursor.position = from;
          evict();
          for (;;) {
            const held = pages.get(from);
            if (held) return held.promise;
            // The slowest cursor always reads; the others wait when the window is full.
            if (pages.size < windowPages || from <= lowest()!) return fetch(from).promise;
            await waitForRoom(signal);
          }
        },
        close: () => {
          if (!cursors.delete(cursor)) return;
          evict();
        },
      };
    },
    pagesHeld: () => pages.size,
  };
};
