import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractSubject, createStreamNamer, isIncreasing, newEvent, newEvents } from './fixtures.ts';
import { describeLogReadsContract } from './log-reads.ts';
import { describeSubscriptionContract } from './subscription.ts';
import {
  InvalidAppendError,
  WrongExpectedVersionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
} from '../../src/port.ts';

const conflictOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  return error as WrongExpectedVersionError;
};

/** The behaviour every adapter must share (DESIGN section 3). */
export const describeEventStoreContract = (name: string, setup: () => Promise<ContractSubject>) => {
  describe(`the ${name} event store`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    const streamName = createStreamNamer();
    beforeAll(async () => {
      subject = await setup();
      store = subject.store;
    });
    afterAll(async () => subject?.teardown());

    const seed = async (count: number) => {
      const stream = streamName('seeded');
      const events = newEvents(count);
      await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
      return { stream, events };
    };

    describe('a stream that does not exist', () => {
      it('takes an append with no_stream and reads the events back in order', async () => {
        const stream = streamName('new');
        const events = [newEvent({ n: 1 }), newEvent({ n: 2, nested: { ok: true } }, 'ContractOtherThingHappened')];
        const result = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(1n);
        expect(result.position).toBeGreaterThan(0n);
        const read = await store.readStream(stream);
        expect(read.map((e) => [e.id, e.type, e.data, e.metadata, e.streamId, e.streamPosition])).toEqual(
          // A store may add to the metadata (EventStoreDB's chain hash travels there).
          events.map((e, index) => [e.id, e.type, e.data, expect.objectContaining(e.metadata), stream, BigInt(index)]),
        );
        expect(read.every((e) => e.createdAt instanceof Date)).toBe(true);
        if (subject.streamReadsHaveGlobalPositions) {
          expect(isIncreasing(read.map((e) => e.globalPosition))).toBe(true);
          expect(read[1]!.globalPosition).toBe(result.position);
        }
      });

      it('reads as an empty stream', async () => {
        expect(await store.readStream(streamName('missing'))).toEqual([]);
      });

      it('refuses stream_exists and an exact revision, reporting no_stream', async () => {
        const stream = streamName('missing');
        expect((await conflictOf(store.appendToStream(stream, [newEvent()], { expectedRevision: 'stream_exists' }))).actual).toBe(
          'no_stream',
        );
        const exact = await conflictOf(store.appendToStream(stream, [newEvent()], { expectedRevision: 0n }));
        expect([exact.stream, exact.expected, exact.actual]).toEqual([stream, 0n, 'no_stream']);
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('takes an append with any', async () => {
        const stream = streamName('any');
        expect((await store.appendToStream(stream, [newEvent()], { expectedRevision: 'any' })).nextExpectedRevision).toBe(0n);
      });

      it('refuses appends no store could honour, writing nothing', async () => {
        const stream = streamName('invalid');
        await expect(store.appendToStream(stream, [], { expectedRevision: 'any' })).rejects.toBeInstanceOf(InvalidAppendError);
        const badId = { ...newEvent(), id: 'not-a-uuid' };
        await expect(store.appendToStream(stream, [newEvent(), badId], { expectedRevision: 'any' })).rejects.toThrow(
          /events\[1\]\.id must be a UUID/,
        );
        const twice = newEvent();
        await expect(store.appendToStream(stream, [twice, twice], { expectedRevision: 'any' })).rejects.toThrow(/appears twice/);
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    describe('a stream with events', () => {
      it('refuses no_stream with a WrongExpectedVersionError naming the actual revision', async () => {
        const { stream } = await seed(2);
        const error = await conflictOf(store.appendToStream(stream, [newEvent()], { expectedRevision: 'no_stream' }));
        expect([error.stream, error.expected, error.actual]).toEqual([stream, 'no_stream', 1n]);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('refuses a stale exact revision and takes the current one', async () => {
        const { stream } = await seed(2);
        const stale = await conflictOf(store.appendToStream(stream, [newEvent()], { expectedRevision: 0n }));
        expect([stale.expected, stale.actual]).toEqual([0n, 1n]);
        await conflictOf(store.appendToStream(stream, [newEvent()], { expectedRevision: 5n }));
        const result = await store.appendToStream(stream, newEvents(2), { expectedRevision: 1n });
        expect(result.nextExpectedRevision).toBe(3n);
        expect((await store.readStream(stream)).map((e) => e.streamPosition)).toEqual([0n, 1n, 2n, 3n]);
      });

      it('takes stream_exists and any', async () => {
        const { stream } = await seed(2);
        expect(
          (await store.appendToStream(stream, [newEvent()], { expectedRevision: 'stream_exists' })).nextExpectedRevision,
        ).toBe(2n);
        expect((await store.appendToStream(stream, [newEvent()], { expectedRevision: 'any' })).nextExpectedRevision).toBe(3n);
      });

      it('reads a long stream in revision order, and a slice of it', async () => {
        const { stream, events } = await seed(12);
        expect((await store.readStream(stream)).map((e) => e.streamPosition)).toEqual(events.map((_, index) => BigInt(index)));
        const slice = await store.readStream(stream, { fromRevision: 9n, maxCount: 2 });
        expect(slice.map((e) => e.id)).toEqual(events.slice(9, 11).map((e) => e.id));
      });
    });

    describe('concurrent appends to one stream at the same expected revision', () => {
      const race = async (stream: string, expectedRevision: ExpectedRevision) => {
        const attempts = Array.from({ length: 8 }, () => [newEvent(), newEvent()]);
        const outcomes = await Promise.allSettled(
          attempts.map((events) => store.appendToStream(stream, events, { expectedRevision })),
        );
        const winners = outcomes.flatMap((o, index) => (o.status === 'fulfilled' ? [attempts[index]!] : []));
        const losers = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
        expect(winners).toHaveLength(1);
        expect(losers.every((reason) => reason instanceof WrongExpectedVersionError)).toBe(true);
        return winners[0]!;
      };

      it('lets exactly one of them create a new stream with no_stream', async () => {
        const stream = streamName('race-new');
        const winner = await race(stream, 'no_stream');
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual(winner.map((e) => e.id));
      });

      it('lets exactly one of them extend an existing stream', async () => {
        const { stream } = await seed(1);
        const winner = await race(stream, 0n);
        expect((await store.readStream(stream)).slice(1).map((e) => e.id)).toEqual(winner.map((e) => e.id));
      });
    });

    describe('an append retried with the same event ids', () => {
      const retry = async (expectedRevision: ExpectedRevision, events: NewEvent[], stream: string) => {
        const first = await store.appendToStream(stream, events, { expectedRevision });
        const again = await store.appendToStream(stream, events, { expectedRevision });
        expect(again).toEqual(first);
        return first;
      };

      it('answers the first result without writing twice (no_stream)', async () => {
        const stream = streamName('retry');
        const events = newEvents(2);
        await retry('no_stream', events, stream);
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual(events.map((e) => e.id));
      });

      it('answers the first result at an exact revision even after the stream moved on', async () => {
        const { stream } = await seed(1);
        const events = newEvents(2);
        const first = await retry(0n, events, stream);
        await store.appendToStream(stream, [newEvent()], { expectedRevision: 2n });
        expect(await store.appendToStream(stream, events, { expectedRevision: 0n })).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(4);
      });

      it('answers the first result with any', async () => {
        const { stream } = await seed(1);
        const events = newEvents(2);
        await retry('any', events, stream);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('still refuses different events at a taken revision', async () => {
        const { stream } = await seed(1);
        await store.appendToStream(stream, newEvents(1), { expectedRevision: 0n });
        await conflictOf(store.appendToStream(stream, newEvents(1), { expectedRevision: 0n }));
      });
    });

    describe('a multi-event append', () => {
      it('writes all events or none', async () => {
        const { stream } = await seed(1);
        await conflictOf(store.appendToStream(stream, newEvents(3), { expectedRevision: 'no_stream' }));
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('is never interleaved with a concurrent append to the same stream', async () => {
        const stream = streamName('batches');
        const batches = Array.from({ length: 6 }, () => newEvents(4));
        await Promise.all(batches.map((events) => store.appendToStream(stream, events, { expectedRevision: 'any' })));
        const ids = (await store.readStream(stream)).map((e) => e.id);
        for (const batch of batches) {
          const start = ids.indexOf(batch[0]!.id);
          expect(ids.slice(start, start + 4)).toEqual(batch.map((e) => e.id));
        }
      });
    });

    describeSubscriptionContract(() => subject, streamName);
    describeLogReadsContract(() => subject, streamName);
  });
};
