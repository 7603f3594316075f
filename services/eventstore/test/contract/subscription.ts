import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type ContractSubject, followLog, isIncreasing, newEvents, readAllPages } from './fixtures.ts';
import type { AppendResult, NewEvent, RecordedEvent } from '../../src/port.ts';
import { describeOrderingProof } from './ordering.ts';

const ofStreams = (events: RecordedEvent[], prefix: string) => events.filter((e) => e.streamId.startsWith(prefix));

export const describeSubscriptionContract = (getSubject: () => ContractSubject, streamName: (label: string) => string) => {
  describe('the global log', () => {
    it('pages through appended events in increasing position', async () => {
      const { store } = getSubject();
      const before = await store.readHeadPosition();
      const prefix = streamName('paged');
      const appended: NewEvent[] = [];
      for (let i = 0; i < 4; i += 1) {
        const events = newEvents(1 + (i % 2));
        await store.appendToStream(`${prefix}-${i}`, events, { expectedRevision: 'no_stream' });
        appended.push(...events);
      }
      const head = await store.readHeadPosition();
      expect(head).toBeGreaterThan(before);
      const all = await readAllPages(store, { fromPosition: before, untilPosition: head, pageSize: 2 });
      expect(isIncreasing(all.map((e) => e.globalPosition))).toBe(true);
      expect(ofStreams(all, prefix).map((e) => e.id)).toEqual(appended.map((e) => e.id));
      expect(all[all.length - 1]!.globalPosition).toBe(head);
      const firstPage = await store.readAll({ fromPosition: before, maxCount: 3 });
      expect(firstPage.map((e) => e.id)).toEqual(all.slice(0, 3).map((e) => e.id));
    });
  });

  describe('a subscription to the global log', () => {
    it('catches up from a position, then follows new appends live', async () => {
      const { store } = getSubject();
      const before = await store.readHeadPosition();
      const prefix = streamName('live');
      const early = newEvents(5);
      await store.appendToStream(`${prefix}-a`, early, { expectedRevision: 'no_stream' });
      const late = newEvents(3);
      const wanted = early.length + late.length;
      const follower = followLog(store, {
        fromPosition: before,
        batchSize: 2,
        until: (seen) => ofStreams(seen, prefix).length >= wanted,
      });
      for (let i = 0; i < 500 && ofStreams(follower.seen, prefix).length < early.length; i += 1) await sleep(20);
      expect(ofStreams(follower.seen, prefix).map((e) => e.id)).toEqual(early.map((e) => e.id));
      await store.appendToStream(`${prefix}-b`, late.slice(0, 1), { expectedRevision: 'no_stream' });
      await store.appendToStream(`${prefix}-a`, late.slice(1), { expectedRevision: 4n });
      const seen = await follower.waitFor(10_000);
      expect(ofStreams(seen, prefix).map((e) => e.id)).toEqual([...early, ...late].map((e) => e.id));
      expect(seen.every((e) => e.globalPosition > before)).toBe(true);
      expect(isIncreasing(seen.map((e) => e.globalPosition))).toBe(true);
    });

    it('resumes after a position without repeating it', async () => {
      const { store } = getSubject();
      const prefix = streamName('resume');
      const events = newEvents(3);
      const results: AppendResult[] = [];
      for (const event of events)
        results.push(await store.appendToStream(`${prefix}-${event.id}`, [event], { expectedRevision: 'no_stream' }));
      const follower = followLog(store, {
        fromPosition: results[0]!.position,
        until: (seen) => ofStreams(seen, prefix).length >= 2,
      });
      const seen = ofStreams(await follower.waitFor(10_000), prefix);
      expect(seen.map((e) => [e.id, e.globalPosition])).toEqual(events.slice(1).map((e, i) => [e.id, results[i + 1]!.position]));
    });

    it('ends when its signal aborts while it waits for events', async () => {
      const { store } = getSubject();
      const head = await store.readHeadPosition();
      const controller = new AbortController();
      const iteration = (async () => {
        let count = 0;
        for await (const _ of store.subscribeToAll({ fromPosition: head, signal: controller.signal })) count += 1;
        return count;
      })();
      await sleep(100);
      const abortedAt = Date.now();
      controller.abort();
      await iteration;
      expect(Date.now() - abortedAt).toBeLessThan(2_000);
    });
  });

  describeOrderingProof(getSubject, streamName);
};
