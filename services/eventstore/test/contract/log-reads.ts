import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContractSubject, newEvent, TEST_EVENT_TYPES } from './fixtures.ts';
import type { EventStore, NewEvent, RecordedEvent } from '../../src/port.ts';

const [THING, OTHER] = TEST_EVENT_TYPES as [string, string];

/** Waits until readers see `position` (a PostgreSQL reader stops below appends still running anywhere). */
const untilVisible = async (store: EventStore, position: bigint) => {
  const deadline = Date.now() + 5_000;
  while ((await store.readHeadPosition()) < position && Date.now() < deadline) await sleep(10);
};

const idsOf = (events: readonly RecordedEvent[]) => events.map((event) => event.id);

/** Reads of the global log by range, direction, stream, type and data, and counts of it: the same on every store. */
export const describeLogReadsContract = (getSubject: () => ContractSubject, streamName: (label: string) => string) => {
  describe('reads of the global log by range and filter', () => {
    let store: EventStore;
    let before: bigint;
    let head: bigint;
    let a: string;
    let b: string;
    let written: NewEvent[];
    let midway: Date;
    let firstHalfEnd: bigint;

    // Stream a: three events; stream b: three more, written a little later than `midway`.
    beforeAll(async () => {
      store = getSubject().store;
      before = await store.readHeadPosition();
      a = streamName('reads-a');
      b = streamName('reads-b');
      const first = [
        newEvent({ userId: 'u-1' }),
        newEvent({ requested: { id: 'r-1' } }, OTHER),
        newEvent({ items: [{ affiliateUserId: 'x' }, { affiliateUserId: 'a-1' }] }),
      ];
      const second = [newEvent({ userId: 'u-2' }, OTHER), newEvent({ userId: 'u-1' }, OTHER), newEvent({ items: 'none' })];
      firstHalfEnd = (await store.appendToStream(a, first, { expectedRevision: 'no_stream' })).position;
      await untilVisible(store, firstHalfEnd);
      await sleep(30);
      midway = new Date();
      await sleep(30);
      head = (await store.appendToStream(b, second, { expectedRevision: 'no_stream' })).position;
      await untilVisible(store, head);
      written = [...first, ...second];
    });

    it('reads a range forward from a position up to and including another, a page at a time', async () => {
      const all = await store.readAll({ fromPosition: before, toPosition: head, maxCount: 100 });
      const mine = all.filter((event) => event.streamId === a || event.streamId === b);
      expect(idsOf(mine)).toEqual(written.map((event) => event.id));
      expect(all.at(-1)!.globalPosition).toBe(head);
      const page = await store.readAll({ fromPosition: mine[0]!.globalPosition, toPosition: head, maxCount: 2 });
      expect(page.map((event) => event.globalPosition)).toEqual(
        all
          .slice(all.indexOf(mine[0]!) + 1)
          .slice(0, 2)
          .map((e) => e.globalPosition),
      );
      expect(await store.readAll({ fromPosition: head, toPosition: head })).toEqual([]);
    });

    it('reads backward from the high end of a range, newest first', async () => {
      const latest = await store.readAll({ direction: 'backward', toPosition: head, maxCount: 2, filter: { streamIds: [b] } });
      expect(idsOf(latest)).toEqual(
        written
          .slice(4)
          .reverse()
          .map((event) => event.id),
      );
      const older = await store.readAll({
        direction: 'backward',
        toPosition: latest.at(-1)!.globalPosition - 1n,
        filter: { streamIds: [a, b] },
      });
      expect(idsOf(older)).toEqual(
        written
          .slice(0, 4)
          .reverse()
          .map((event) => event.id),
      );
      const newest = await store.readAll({ direction: 'backward', maxCount: 1 });
      expect(newest[0]!.globalPosition).toBe(await store.readHeadPosition());
    });

    it('keeps the events of the streams and types asked', async () => {
      const read = (filter: Parameters<EventStore['readAll']>[0]) => store.readAll(filter);
      expect(idsOf(await read({ filter: { streamIds: [b] } }))).toEqual(written.slice(3).map((e) => e.id));
      expect(idsOf(await read({ filter: { streamIds: [a, b], types: [OTHER] } }))).toEqual(
        [written[1]!, written[3]!, written[4]!].map((e) => e.id),
      );
      expect(await read({ filter: { streamIds: [] } })).toEqual([]);
    });

    it('keeps the events holding a value at a data path, nested or in an array', async () => {
      const about = (path: string[], values: string[]) =>
        store.readAll({ fromPosition: before, toPosition: head, filter: { streamIds: [a, b], data: [{ path, values }] } });
      expect(idsOf(await about(['userId'], ['u-1']))).toEqual([written[0]!.id, written[4]!.id]);
      expect(idsOf(await about(['requested', 'id'], ['r-1']))).toEqual([written[1]!.id]);
      expect(idsOf(await about(['items', '*', 'affiliateUserId'], ['a-1']))).toEqual([written[2]!.id]);
      expect(await about(['userId'], [])).toEqual([]);
      const either = await store.readAll({
        filter: {
          streamIds: [a, b],
          data: [
            { path: ['userId'], values: ['u-2'] },
            { path: ['requested', 'id'], values: ['r-1'] },
          ],
        },
      });
      expect(idsOf(either)).toEqual([written[1]!.id, written[3]!.id]);
      expect(await store.readAll({ filter: { streamIds: [a, b], data: [] } })).toEqual([]);
    });

    it('refuses data paths no store can follow', async () => {
      for (const path of [[], ['items', '*'], ["user'Id"]]) {
        await expect(store.readAll({ filter: { data: [{ path, values: ['x'] }] } })).rejects.toThrow(RangeError);
      }
    });

    it('counts the events of a range and filter, up to a most', async () => {
      expect(await store.countEvents({ fromPosition: before, toPosition: head, filter: { streamIds: [a, b] } })).toBe(6);
      expect(await store.countEvents({ fromPosition: firstHalfEnd, toPosition: head, filter: { streamIds: [a, b] } })).toBe(3);
      expect(await store.countEvents({ filter: { streamIds: [a], types: [THING] } })).toBe(2);
      expect(await store.countEvents({ fromPosition: before, max: 4 })).toBe(4);
      expect(await store.countEvents({ fromPosition: head })).toBe(0);
    });

    it('answers the last position recorded before a time', async () => {
      const atMidway = await store.readHeadPosition({ before: midway });
      expect(atMidway).toBeGreaterThanOrEqual(firstHalfEnd);
      expect(atMidway).toBeLessThan(head);
      expect(await store.readHeadPosition({ before: new Date(Date.now() + 60_000) })).toBe(await store.readHeadPosition());
      expect(await store.readHeadPosition({ before: new Date('2000-01-01T00:00:00Z') })).toBe(0n);
    });
  });
};
