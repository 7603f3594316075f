import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore } from '@acres/eventstore/port';
import { createPageReader } from './page-reader.ts';
import { StopRequested } from './transaction.ts';
import { appendBulk, newEvent, slotReservedData, startHarness, type Harness } from '../../test/harness.ts';

/** The harness's store, counting its readAll calls (the real store answers them). */
const countingReads = (store: EventStore) => {
  const froms: bigint[] = [];
  const counted: EventStore = {
    ...store,
    readAll: (options) => {
      froms.push(options?.fromPosition ?? 0n);
      return store.readAll(options);
    },
  };
  return { store: counted, froms };
};

/** Reads every page from 0 through `cursor`, answering the positions it read from. */
const readThrough = async (cursor: ReturnType<ReturnType<typeof createPageReader>['open']>, batchSize: number) => {
  const signal = new AbortController().signal;
  let position = 0n;
  const pages: (readonly unknown[])[] = [];
  for (;;) {
    const page = await cursor.read(position, signal);
    if (page.length === 0) break;
    pages.push(page);
    position = page.at(-1)!.globalPosition;
    if (page.length < batchSize) break;
  }
  cursor.close();
  return pages;
};

describe('the catch-up page reader', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    await appendBulk(
      harness.eventStore,
      Array.from({ length: 100 }, (_, n) => newEvent('SlotReserved', slotReservedData(n))),
    );
  });
  afterAll(async () => harness?.close());

  it('reads each page once for cursors at the same position, and hands them the same events', async () => {
    const { store, froms } = countingReads(harness.eventStore);
    const reader = createPageReader({ eventStore: store, batchSize: 10, windowPages: 4 });
    const cursors = [reader.open(0n), reader.open(0n), reader.open(0n)];
    const [first, ...others] = await Promise.all(cursors.map((cursor) => readThrough(cursor, 10)));
    expect(first!.flat()).toHaveLength(100);
    for (const pages of others) expect(pages).toEqual(first);
    // Ten full pages and the empty one after them, each read once (read-ahead included).
    expect(new Set(froms).size).toBe(froms.length);
    expect(froms.length).toBeLessThanOrEqual(11);
    expect(reader.pagesHeld()).toBe(0);
  });

  it('holds no more pages than its window while a cursor lags behind, and lets them go as it moves', async () => {
    const reader = createPageReader({ eventStore: harness.eventStore, batchSize: 10, windowPages: 3 });
    const slow = reader.open(0n);
    const fast = reader.open(0n);
    const fastDone = readThrough(fast, 10);
    let settled = false;
    void fastDone.then(() => (settled = true));
    const signal = new AbortController().signal;
    // The fast cursor runs into the window's end and waits for the slow one.
    await new Promise((resolve) => setImmediate(resolve));
    await slow.read(0n, signal);
    expect(reader.pagesHeld()).toBeLessThanOrEqual(4);
    expect(settled).toBe(false);
    await readThrough(slow, 10);
    expect((await fastDone).flat()).toHaveLength(100);
    expect(reader.pagesHeld()).toBe(0);
  });

  it('stops a cursor waiting for room when its signal aborts', async () => {
    const reader = createPageReader({ eventStore: harness.eventStore, batchSize: 10, windowPages: 1 });
    const slow = reader.open(0n);
    const fast = reader.open(0n);
    const first = await fast.read(0n, new AbortController().signal);
    // The slow cursor still needs page 0 and the window holds one page: the fast one waits.
    const stop = new AbortController();
    const waiting = fast.read(first.at(-1)!.globalPosition, stop.signal);
    stop.abort();
    await expect(waiting).rejects.toBeInstanceOf(StopRequested);
    slow.close();
    fast.close();
    expect(reader.pagesHeld()).toBe(0);
  });
});
