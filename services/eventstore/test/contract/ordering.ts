import { describe, expect, it } from 'vitest';
import { type ContractSubject, followLog, isIncreasing, newEvents, readAllPages } from './fixtures.ts';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from '../../src/port.ts';

const WRITERS = 8;
const TOTAL_EVENTS = 1000;
const STREAMS_PER_WRITER = 4;

type Appended = { stream: string; events: NewEvent[]; result: AppendResult };

const randomInt = (max: number) => Math.floor(Math.random() * max);

/**
 * Each writer appends single and multi-event batches to streams of its own (no_stream,
 * then exact revisions, stream_exists or any) and now and then to one stream all writers
 * share (any), until the writers together have appended TOTAL_EVENTS events.
 */
const runWriters = async (store: EventStore, prefix: string) => {
  let budget = TOTAL_EVENTS;
  const appended: Appended[] = [];
  const shared = `${prefix}-shared`;
  const writer = async (w: number) => {
    const revisions = new Map<string, bigint>();
    while (budget > 0) {
      const count = Math.min(1 + randomInt(3), budget);
      budget -= count;
      const events = newEvents(count, { writer: w });
      const useShared = randomInt(10) === 0;
      const stream = useShared ? shared : `${prefix}-w${w}-s${randomInt(STREAMS_PER_WRITER)}`;
      const revision = revisions.get(stream);
      const modes: ExpectedRevision[] = revision === undefined ? ['no_stream'] : [revision, revision, 'stream_exists', 'any'];
      const expectedRevision = useShared ? 'any' : modes[randomInt(modes.length)]!;
      const result = await store.appendToStream(stream, events, { expectedRevision });
      if (!useShared) revisions.set(stream, result.nextExpectedRevision);
      appended.push({ stream, events, result });
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return appended;
};

export const describeOrderingProof = (getSubject: () => ContractSubject, streamName: (label: string) => string) => {
  describe('the ordering proof', () => {
    it(`delivers the ${TOTAL_EVENTS} events of ${WRITERS} concurrent writers to a live subscriber exactly once, in increasing position, none skipped`, async () => {
      const { store, slowCommitStore } = getSubject();
      const prefix = streamName('ordering');
      const ours = <T extends { streamId: string }>(events: T[]) => events.filter((e) => e.streamId.startsWith(prefix));
      const before = await store.readHeadPosition();
      const follower = followLog(store, {
        fromPosition: before,
        batchSize: 50,
        until: (seen) => ours(seen).length >= TOTAL_EVENTS,
      });

      const appended = await runWriters(slowCommitStore ?? store, prefix);
      const seen = await follower.waitFor(20_000);

      const written = appended.flatMap((a) => a.events.map((e) => e.id));
      expect(written).toHaveLength(TOTAL_EVENTS);
      const delivered = ours(seen);
      const deliveredIds = new Set(delivered.map((e) => e.id));
      const missing = written.filter((id) => !deliveredIds.has(id));
      expect(missing, `${missing.length} written events never reached the subscriber`).toEqual([]);
      expect(delivered).toHaveLength(TOTAL_EVENTS);
      expect(deliveredIds.size).toBe(TOTAL_EVENTS);
      expect(isIncreasing(seen.map((e) => e.globalPosition))).toBe(true);

      // Each append shows up as one unbroken run of the log, ending at the position it reported.
      const indexOf = new Map(seen.map((e, index) => [e.id, index]));
      for (const { stream, events, result } of appended) {
        const first = indexOf.get(events[0]!.id)!;
        expect(seen.slice(first, first + events.length).map((e) => e.id)).toEqual(events.map((e) => e.id));
        const last = seen[first + events.length - 1]!;
        expect([last.streamId, last.globalPosition, last.streamPosition]).toEqual([
          stream,
          result.position,
          result.nextExpectedRevision,
        ]);
      }

      // Every stream arrives in its own order, without gaps.
      const byStream = new Map<string, bigint[]>();
      for (const event of delivered)
        byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event.streamPosition]);
      for (const positions of byStream.values()) expect(positions).toEqual(positions.map((_, index) => BigInt(index)));

      // Paging through readAll afterwards gives the very same log.
      const paged = await readAllPages(store, {
        fromPosition: before,
        untilPosition: seen[seen.length - 1]!.globalPosition,
        pageSize: 37,
      });
      expect(paged.map((e) => [e.id, e.globalPosition])).toEqual(seen.map((e) => [e.id, e.globalPosition]));
    });
  });
};
