import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@acres/platform/logger';
import type { RecordedEvent } from '../port.ts';
import type { Waiter } from './notifications.ts';

export type LogSource = {
  readPage(fromPosition: bigint, maxCount: number): Promise<RecordedEvent[]>;
  hasHeldBack(fromPosition: bigint): Promise<boolean>;
  register(): Waiter;
  isClosed(): boolean;
};

const HELD_BACK_FIRST_DELAY_MS = 2;
const HELD_BACK_MAX_DELAY_MS = 10;
const MAX_ERROR_DELAY_MS = 5_000;

/**
 * Catch up in pages, then follow live: wake on NOTIFY, or after pollIntervalMs at the
 * latest. When committed events are only held back by an older append still running
 * (its NOTIFY may come before this read ends), poll again soon with a growing delay (up
 * to 10 ms: appends last milliseconds) instead of sleeping a whole interval.
 */
export async function* subscribeToLog(
  source: LogSource,
  options: {
    fromPosition?: bigint;
    batchSize?: number;
    signal?: AbortSignal;
    pollIntervalMs: number;
    minReadGapMs?: number;
    logger?: Logger;
  },
): AsyncGenerator<RecordedEvent> {
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
      let page: RecordedEvent[];
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
      for (const event of page) {
        if (stopped()) return;
        if (event.globalPosition <= position)
          throw new Error(`event store returned position ${event.globalPosition} after ${position}`);
        position = event.globalPosition;
        yield event;
      }
      if (page.length === batchSize) continue;
      lastShortReadAt = performance.now();
      const heldBack = await source.hasHeldBack(position).catch(() => false);
      if (heldBack) {
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
