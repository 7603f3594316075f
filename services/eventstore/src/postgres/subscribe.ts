import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@acres/platform/logger';
import type { RecordedEvent } from '../port.ts';
import type { Waiter } from './notifications.ts';
import type { LogPage } from './read.ts';

export type LogSource = {
  /** A page below the horizon, and whether committed events past it wait for a running append. */
  readPage(fromPosition: bigint, maxCount: number): Promise<LogPage>;
  register(): Waiter;
  isClosed(): boolean;
};

const HELD_BACK_FIRST_DELAY_MS = 1;
const HELD_BACK_MAX_DELAY_MS = 10;
const MAX_ERROR_DELAY_MS = 5_000;

type SubscribeOptions = {
  fromPosition?: bigint;
  batchSize?: number;
  signal?: AbortSignal;
  pollIntervalMs: number;
  minReadGapMs?: number;
  logger?: Logger;
};

/** subscribeToLogPages one event at a time. */
export async function* subscribeToLog(source: LogSource, options: SubscribeOptions): AsyncGenerator<RecordedEvent> {
  for await (const page of subscribeToLogPages(source, options)) {
    for (const event of page) {
      if (options.signal?.aborted === true || source.isClosed()) return;
      yield event;
    }
  }
}

/**
 * Catch up in pages, then follow live: wake on NOTIFY, or after pollIntervalMs at the
 * latest. When committed events are only held back by an older append still running
 * (the read says so in the same statement), poll again soon with a growing delay (1 ms,
 * doubled up to 10 ms: appends last milliseconds), cut short by the next wake-up: the
 * commit of the append that held them back wakes this reader (in this process at once,
 * from others by NOTIFY), an aborted one does not, hence the polling.
 *
 * Yields the events in the pages they were read in (never an empty one).
 */
export async function* subscribeToLogPages(
  source: LogSource,
  options: SubscribeOptions,
): AsyncGenerator<readonly RecordedEvent[]> {
  const { signal, pollIntervalMs } = options;
  const batchSize = options.batchSize ?? 500;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be a positive integer');
  let position = options.fromPosition ?? 0n;
  let heldBackDelay = HELD_BACK_FIRST_DELAY_MS;
  let errorDelay = 100;
  const minReadGapMs = options.minReadGapMs ?? 0;
  let lastShortReadAt = -Infinity;
  const stopped = () => signal?.aborted === true || source.isClosed();
  const waiter = source.register();
  try {
    while (!stopped()) {
      // Woken right after a short read: let the appends of the next few ms gather first.
      const sinceShortRead = performance.now() - lastShortReadAt;
      if (sinceShortRead < minReadGapMs) await sleep(minReadGapMs - sinceShortRead, undefined, { signal }).catch(() => {});
      if (stopped()) return;
      waiter.reset();
      let page: LogPage;
      try {
        page = await source.readPage(position, batchSize);
        errorDelay = 100;
      } catch (error) {
        if (stopped()) return;
        options.logger?.warn({ err: error, position: position.toString() }, 'event store subscription read failed; retrying');
        await waiter.wait(errorDelay, signal);
        errorDelay = Math.min(errorDelay * 2, MAX_ERROR_DELAY_MS);
        continue;
      }
      for (const event of page.events) {
        if (event.globalPosition <= position)
          throw new Error(`event store returned position ${event.globalPosition} after ${position}`);
        position = event.globalPosition;
      }
      if (page.events.length > 0) {
        if (stopped()) return;
        yield page.events;
      }
      if (page.events.length === batchSize) continue;
      lastShortReadAt = performance.now();
      if (page.heldBack) {
        await waiter.wait(heldBackDelay, signal);
        heldBackDelay = Math.min(heldBackDelay * 2, HELD_BACK_MAX_DELAY_MS, pollIntervalMs);
      } else {
        heldBackDelay = HELD_BACK_FIRST_DELAY_MS;
        await waiter.wait(pollIntervalMs, signal);
      }
    }
  } finally {
    waiter.dispose();
  }
}
