import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent } from '@acres/eventstore/port';
import { appendBulk, newEvent, silentLogger, slotReservedData, startHarness, type Harness } from '../../test/harness.ts';
import { createLiveFeed, type LiveFeed } from './live-feed.ts';

const events = (count: number, offset = 0): NewEvent[] =>
  Array.from({ length: count }, (_, n) => newEvent('SlotReserved', slotReservedData(offset + n)));

/** Reads the feed from `after` until `count` events came, in as many reads as it takes. */
const drain = async (feed: LiveFeed, after: bigint, count: number, maxCount = 50) => {
  const seen: RecordedEvent[] = [];
  let position = after;
  const signal = AbortSignal.timeout(20_000);
  while (seen.length < count) {
    const batch = await feed.read({ after: position, maxCount, signal });
    if (batch.length === 0) throw new Error(`feed ended after ${seen.length} of ${count} events`);
    expect(batch.length).toBeLessThanOrEqual(maxCount);
    for (const event of batch) {
      expect(event.globalPosition).toBeGreaterThan(position);
      position = event.globalPosition;
      seen.push(event);
    }
  }
  return seen;
};

/** Counts the event store's page reads, to tell the window's answers from the store's. */
const countingReads = (store: EventStore) => {
  const counter = { reads: 0 };
  const wrapped: EventStore = {
    ...store,
    readAll: (options) => {
      counter.reads += 1;
      return store.readAll(options);
    },
  };
  return { store: wrapped, counter };
};

describe('the live feed of a projector process', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
  });
  afterAll(async () => harness?.close());

  it('gives every reader each event after its own position once, in order, from one subscription', async () => {
    const start = await harness.eventStore.readHeadPosition();
    const { store, counter } = countingReads(harness.eventStore);
    const feed = createLiveFeed({ eventStore: store, logger: silentLogger, batchSize: 100 });
    try {
      const readers = [drain(feed, start, 300), drain(feed, start, 300, 7), drain(feed, start, 300, 500)];
      await appendBulk(harness.eventStore, events(300), { perAppend: 13 });
      const seen = await Promise.all(readers);
      const ids = (await harness.eventStore.readAll({ fromPosition: start, maxCount: 1_000 })).map((e) => e.id);
      for (const reader of seen) expect(reader.map((e) => e.id)).toEqual(ids);
      // The readers started at the window's start: none of them read the store page by page.
      expect(counter.reads).toBe(0);

      // A reader arriving later in the middle of the window gets the rest from memory.
      const middle = seen[0]![149]!.globalPosition;
      expect((await drain(feed, middle, 150)).map((e) => e.id)).toEqual(ids.slice(150));
      expect(counter.reads).toBe(0);
    } finally {
      await feed.close();
    }
  });

  it('serves a reader behind its window from the store, then from the window', async () => {
    const start = await harness.eventStore.readHeadPosition();
    const { store, counter } = countingReads(harness.eventStore);
    const feed = createLiveFeed({ eventStore: store, logger: silentLogger, windowSize: 50, batchSize: 40 });
    try {
      const leader = drain(feed, start, 400);
      await appendBulk(harness.eventStore, events(400, 1_000), { perAppend: 20 });
      await leader;
      // The window kept only the newest events; this reader is 400 events behind.
      const late = await drain(feed, start, 400, 60);
      const ids = (await harness.eventStore.readAll({ fromPosition: start, maxCount: 1_000 })).map((e) => e.id);
      expect(late.map((e) => e.id)).toEqual(ids);
      expect(counter.reads).toBeGreaterThan(0);
    } finally {
      await feed.close();
    }
  });

  it('answers [] to waiting readers when their signal aborts or the feed closes', async () => {
    const head = await harness.eventStore.readHeadPosition();
    const feed = createLiveFeed({ eventStore: harness.eventStore, logger: silentLogger });
    const aborting = new AbortController();
    const aborted = feed.read({ after: head, maxCount: 10, signal: aborting.signal });
    const closed = feed.read({ after: head, maxCount: 10, signal: new AbortController().signal });
    aborting.abort();
    expect(await aborted).toEqual([]);
    await feed.close();
    expect(await closed).toEqual([]);
  });
});
