import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from '@acres/platform/db';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createStreamNamer, followLog, newEvent, newEvents } from '../../test/contract/fixtures.ts';
import { EventIdConflictError, InvalidAppendError, type EventStore } from '../port.ts';
import { MAX_EVENTS_PER_APPEND } from './append.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';
import { withSettledReads } from '../../test/settled-reads.ts';
import { readLogPageWithHorizon } from './read.ts';

describe('the PostgreSQL event store', () => {
  let db: TestDatabase;
  let store: EventStore;
  const streamName = createStreamNamer();
  const open = (pollIntervalMs: number) => createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs });
  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    store = open(30_000);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  /** An append to `on` by a store of its own, stopped before its commit until `finish`. */
  const holdAnAppend = async (on: TestDatabase, stream: string) => {
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const slow = createPostgresEventStore({
      pool: on.pool,
      connectionString: on.url,
      pollIntervalMs: 30_000,
      hooks: {
        beforeCommit: () =>
          new Promise<void>((resolve) => {
            release = resolve;
            holding();
          }),
      },
    });
    const event = newEvent();
    const appended = slow.appendToStream(streamName(stream), [event], { expectedRevision: 'no_stream' });
    await held;
    return {
      event,
      finish: async () => {
        release();
        await appended;
      },
      close: async () => {
        release?.();
        await slow.close();
      },
    };
  };

  describe('while an older transaction that appends nothing is still running', () => {
    it('delivers newer events at once: only appends hold the log back', async () => {
      const before = await store.readHeadPosition();
      const holder = await db.pool.connect();
      try {
        await holder.query('BEGIN');
        // A write transaction of anything else (the projector's, a report's) with an id older than the append.
        await holder.query('SELECT pg_current_xact_id()');
        const stream = streamName('not-held');
        const event = newEvent();
        const appended = await store.appendToStream(stream, [event], { expectedRevision: 'no_stream' });
        expect((await store.readAll({ fromPosition: before })).map((e) => e.id)).toEqual([event.id]);
        expect(await store.readHeadPosition()).toBe(appended.position);
      } finally {
        await holder.query('ROLLBACK').catch(() => {});
        holder.release();
      }
    });

    it('refuses an append in a transaction that has written already, whose id readers may have passed', async () => {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_current_xact_id()');
        await expect(client.query('SELECT event_store_begin_append()')).rejects.toThrow(/first write of its transaction/);
      } finally {
        await client.query('ROLLBACK').catch(() => {});
        client.release();
      }
    });
  });

  describe('while an older append is still running', () => {
    it('holds newer events back from the global log until it ends, then delivers both promptly', async () => {
      const before = await store.readHeadPosition();
      const older = await holdAnAppend(db, 'older');
      try {
        const stream = streamName('held');
        const event = newEvent();
        await store.appendToStream(stream, [event], { expectedRevision: 'no_stream' });
        const follower = followLog(store, { fromPosition: before, until: (seen) => seen.some((e) => e.id === event.id) });
        await sleep(300);
        expect(follower.seen).toEqual([]);
        expect(await store.readAll({ fromPosition: before })).toEqual([]);
        expect(await store.readHeadPosition()).toBe(before);
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual([event.id]);

        await older.finish();
        const committedAt = Date.now();
        const seen = await follower.waitFor(25_000);
        // The older append's NOTIFY is not awaited and the poll interval is 30 s: the held-back
        // re-check is what makes this quick.
        expect(Date.now() - committedAt).toBeLessThan(5_000);
        expect(seen.map((e) => e.id)).toEqual([older.event.id, event.id]);
      } finally {
        await older.close();
      }
    });
  });

  describe('a page read while an older append is still running', () => {
    it('says events are held back, in the same answer, until that append ends', async () => {
      const before = await store.readHeadPosition();
      const older = await holdAnAppend(db, 'older');
      try {
        expect(await readLogPageWithHorizon(db.pool, { fromPosition: before })).toEqual({ events: [], heldBack: false });
        const newer = newEvent();
        await store.appendToStream(streamName('newer'), [newer], { expectedRevision: 'no_stream' });
        expect(await readLogPageWithHorizon(db.pool, { fromPosition: before })).toEqual({ events: [], heldBack: true });

        await older.finish();
        const page = await readLogPageWithHorizon(db.pool, { fromPosition: before });
        expect(page.events.map((e) => e.id)).toEqual([older.event.id, newer.id]);
        expect(page.heldBack).toBe(false);
        // A full page answers from the same statement too, the held-back answer aside.
        const first = await readLogPageWithHorizon(db.pool, { fromPosition: before, maxCount: 1 });
        expect(first.events.map((e) => e.id)).toEqual([older.event.id]);
      } finally {
        await older.close();
      }
    });
  });

  describe('while an append to another database of the same cluster is still running', () => {
    it("delivers this database's newer events at once: only its own appends hold its log back", async () => {
      const other = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
      const before = await store.readHeadPosition();
      // Holds the append lock (of its own database) with a transaction id older than the append below.
      const elsewhere = await holdAnAppend(other, 'elsewhere');
      try {
        const event = newEvent();
        const appended = await store.appendToStream(streamName('here'), [event], { expectedRevision: 'no_stream' });
        expect(await readLogPageWithHorizon(db.pool, { fromPosition: before })).toEqual({
          events: [expect.objectContaining({ id: event.id })],
          heldBack: false,
        });
        expect(await store.readHeadPosition()).toBe(appended.position);
        await elsewhere.finish();
      } finally {
        await elsewhere.close();
        await other.drop();
      }
    });
  });

  describe('an append carrying an event id stored in another stream', () => {
    it('fails with EventIdConflictError and writes none of its events', async () => {
      const taken = newEvent();
      await store.appendToStream(streamName('first'), [taken], { expectedRevision: 'no_stream' });
      const stream = streamName('second');
      const error = await store
        .appendToStream(stream, [newEvent(), taken], { expectedRevision: 'no_stream' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventIdConflictError);
      expect((error as EventIdConflictError).eventIds).toEqual([taken.id]);
      expect(await store.readStream(stream)).toEqual([]);
      // The stream was not created either: no_stream still holds.
      await store.appendToStream(stream, [newEvent()], { expectedRevision: 'no_stream' });
    });
  });

  describe('global positions', () => {
    it('are above 0, so a checkpoint of 0 means nothing read, and the log reads from 0 by default', async () => {
      const result = await store.appendToStream(streamName('positions'), newEvents(2), { expectedRevision: 'no_stream' });
      expect(result.position).toBeGreaterThan(0n);
      // Read as it settles: another spec file's transaction on the run's server can hold the log back a moment.
      const all = await withSettledReads(store, db.pool).readAll();
      expect(all[0]!.globalPosition).toBeGreaterThan(0n);
      expect(all.map((e) => e.globalPosition)).toContain(result.position);
    });

    it('refuses more events in one append than positions can number', async () => {
      // The count is checked first, so one event repeated is enough.
      const events = new Array(MAX_EVENTS_PER_APPEND + 1).fill(newEvent());
      await expect(store.appendToStream(streamName('huge'), events, { expectedRevision: 'any' })).rejects.toBeInstanceOf(
        InvalidAppendError,
      );
    });
  });

  describe('a log whose positions are ahead of the transaction ids (a dump restored into a new cluster)', () => {
    it('refuses to append rather than write behind positions readers have passed', async () => {
      const restored = newEvent();
      await db.pool.query(
        `INSERT INTO events (global_position, stream_id, stream_position, event_id, type, data, metadata)
         VALUES (event_store_position_floor() + 1000 * 65536, $1, 0, $2, $3, '{}', '{}')`,
        [streamName('restored'), restored.id, restored.type],
      );
      const fresh = open(30_000);
      try {
        await expect(
          fresh.appendToStream(streamName('after-restore'), [newEvent()], { expectedRevision: 'any' }),
        ).rejects.toThrow(/ahead of this cluster's transaction ids/);
      } finally {
        await db.pool.query('DELETE FROM events WHERE event_id = $1', [restored.id]);
        await fresh.close();
      }
      await store.appendToStream(streamName('after-restore'), [newEvent()], { expectedRevision: 'any' });
    });
  });

  describe('a subscriber in another process', () => {
    it('is woken by NOTIFY long before its poll interval', async () => {
      const writer = open(30_000);
      const reader = open(60_000);
      try {
        const event = newEvent();
        const follower = followLog(reader, {
          fromPosition: await reader.readHeadPosition(),
          until: (seen) => seen.some((e) => e.id === event.id),
        });
        await sleep(300);
        const appendedAt = Date.now();
        await writer.appendToStream(streamName('notify'), [event], { expectedRevision: 'no_stream' });
        await follower.waitFor(5_000);
        expect(Date.now() - appendedAt).toBeLessThan(3_000);
      } finally {
        await writer.close();
        await reader.close();
      }
    });

    it('hears of an append that commits while the previous NOTIFY is still in flight', async () => {
      // The writer's NOTIFY reaches the server at once but its round trip seems to take 1 s,
      // so the second append commits while the first NOTIFY is still in flight.
      const slowNotifyPool = new Proxy(db.pool, {
        get: (target, property, receiver) =>
          property === 'query'
            ? async (...args: Parameters<Pool['query']>) => {
                const result = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
                if (String(args[0]).includes('pg_notify')) await sleep(1_000);
                return result;
              }
            : Reflect.get(target, property, receiver),
      });
      const writer = createPostgresEventStore({ pool: slowNotifyPool, connectionString: db.url });
      const reader = open(60_000);
      try {
        const [first, second] = [newEvent(), newEvent()];
        const follower = followLog(reader, {
          fromPosition: await reader.readHeadPosition(),
          until: (seen) => seen.some((e) => e.id === second.id),
        });
        await sleep(300);
        await writer.appendToStream(streamName('notify'), [first], { expectedRevision: 'no_stream' });
        for (let i = 0; i < 80 && follower.seen.length === 0; i += 1) await sleep(10);
        expect(follower.seen.map((e) => e.id)).toEqual([first.id]);
        const appendedAt = Date.now();
        await writer.appendToStream(streamName('notify'), [second], { expectedRevision: 'no_stream' });
        const seen = await follower.waitFor(5_000);
        expect(seen.map((e) => e.id)).toEqual([first.id, second.id]);
        expect(Date.now() - appendedAt).toBeLessThan(3_000);
      } finally {
        await writer.close();
        await reader.close();
      }
    });
  });

  describe('a closed store', () => {
    it('ends its subscriptions and leaves the pool it was given open', async () => {
      const closing = open(60_000);
      const follower = followLog(closing, { fromPosition: await closing.readHeadPosition(), until: () => false });
      await sleep(100);
      const closedAt = Date.now();
      await closing.close();
      await follower.waitFor(5_000);
      expect(Date.now() - closedAt).toBeLessThan(3_000);
      expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });
  });
});
