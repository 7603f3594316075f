import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createStreamNamer, newEvent, newEvents } from '../../test/contract/fixtures.ts';
import { verifyEventLog } from '../chain/verify.ts';
import { EventIdConflictError, WrongExpectedVersionError, type AppendResult, type EventStore } from '../port.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';

// Group commit: appends that queue behind one in flight go together, as one transaction.
// Each spec holds a first append open (its beforeCommit hook waits), queues the others behind
// it (one batch in flight at a time), then lets it go: what queued is sent as one batch.

/** The transaction that wrote a position (positions are its id * 65536 + the index). */
const transactionOf = (position: bigint) => position >> 16n;

describe('group commit in the PostgreSQL event store', () => {
  let db: TestDatabase;
  const streamName = createStreamNamer();
  const stores: EventStore[] = [];
  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await db?.drop();
  });

  /** A store whose first batch waits until released; `failBatch` makes that (1-based) batch fail before COMMIT. */
  const heldStore = (options: { failBatch?: number } = {}) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const holding = new Promise<void>((resolve) => (entered = resolve));
    let batches = 0;
    const store = createPostgresEventStore({
      pool: db.pool,
      connectionString: db.url,
      pollIntervalMs: 30_000,
      maxConcurrentAppends: 1,
      hooks: {
        beforeCommit: async () => {
          batches += 1;
          if (batches === 1) {
            entered();
            await released;
          }
          if (batches === options.failBatch) throw new Error('the process died before COMMIT');
        },
      },
    });
    stores.push(store);
    /** Lets the first batch commit once it is held, so that what was started meanwhile has queued. */
    const releaseWhenHeld = async () => {
      await holding;
      release();
    };
    return { store, release: releaseWhenHeld, batches: () => batches };
  };

  const settle = <T extends readonly Promise<AppendResult>[]>(appends: [...T]) => Promise.allSettled(appends);

  it('checks each member against its own expected revision, in arrival order, in one transaction', async () => {
    const { store, release, batches } = heldStore();
    const stream = streamName('batched');
    const first = store.appendToStream(streamName('holder'), [newEvent()], { expectedRevision: 'no_stream' });
    const [a, b, c, stale] = [newEvent(), newEvent(), newEvent(), newEvent()];
    const queued = settle([
      store.appendToStream(stream, [a], { expectedRevision: 'no_stream' }),
      store.appendToStream(stream, [b, c], { expectedRevision: 0n }),
      // Decided on the same state as the one before it: that one won.
      store.appendToStream(stream, [stale], { expectedRevision: 0n }),
    ]);
    await release();
    await first;
    const [ra, rb, rstale] = await queued;
    expect(batches()).toBe(2);
    expect(ra.status === 'fulfilled' && rb.status === 'fulfilled').toBe(true);
    const [okA, okB] = [(ra as PromiseFulfilledResult<AppendResult>).value, (rb as PromiseFulfilledResult<AppendResult>).value];
    expect(okA.nextExpectedRevision).toBe(0n);
    expect(okB.nextExpectedRevision).toBe(2n);
    expect(transactionOf(okA.position)).toBe(transactionOf(okB.position));
    expect(okB.position).toBeGreaterThan(okA.position);
    expect(rstale.status).toBe('rejected');
    expect((rstale as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((rstale as PromiseRejectedResult).reason).toMatchObject({ actual: 2n });
    const read = await store.readStream(stream);
    expect(read.map((e) => [e.id, e.streamPosition])).toEqual([
      [a.id, 0n],
      [b.id, 1n],
      [c.id, 2n],
    ]);
    expect(read.at(-1)!.globalPosition).toBe(okB.position);
    expect(await verifyEventLog({ db: db.pool, batchSize: 100 })).toMatchObject({ ok: true, brokenLinks: 0 });
  });

  it('answers an idempotent retry in a batch with the first append, and fails only the member whose ids are taken', async () => {
    const plain = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 30_000 });
    stores.push(plain);
    const earlier = newEvents(2);
    const retried = streamName('retried');
    const original = await plain.appendToStream(retried, earlier, { expectedRevision: 'no_stream' });

    const { store, release } = heldStore();
    const first = store.appendToStream(streamName('holder'), [newEvent()], { expectedRevision: 'no_stream' });
    const [elsewhere, bystanderStream] = [streamName('elsewhere'), streamName('bystander')];
    const bystanderEvent = newEvent();
    const queued = settle([
      store.appendToStream(retried, earlier, { expectedRevision: 'no_stream' }),
      // One of its ids is already stored (in the retried stream): the batch raises and goes again one by one.
      store.appendToStream(elsewhere, [newEvent(), earlier[1]!], { expectedRevision: 'no_stream' }),
      store.appendToStream(bystanderStream, [bystanderEvent], { expectedRevision: 'no_stream' }),
    ]);
    await release();
    await first;
    const [retry, conflicting, bystander] = await queued;
    expect(retry).toEqual({ status: 'fulfilled', value: original });
    expect(conflicting.status).toBe('rejected');
    expect((conflicting as PromiseRejectedResult).reason).toBeInstanceOf(EventIdConflictError);
    expect(bystander.status).toBe('fulfilled');
    expect((await store.readStream(bystanderStream)).map((e) => e.id)).toEqual([bystanderEvent.id]);
    expect(await store.readStream(elsewhere)).toEqual([]);
    expect((await store.readStream(retried)).map((e) => e.id)).toEqual(earlier.map((e) => e.id));
  });

  it('leaves nothing of a batch that dies before COMMIT, then writes each member once on its own', async () => {
    const { store, release, batches } = heldStore({ failBatch: 2 });
    const first = store.appendToStream(streamName('holder'), [newEvent()], { expectedRevision: 'no_stream' });
    const members = [streamName('m1'), streamName('m2'), streamName('m3')].map((stream) => ({ stream, events: newEvents(2) }));
    const queued = Promise.all(
      members.map(({ stream, events }) => store.appendToStream(stream, events, { expectedRevision: 'no_stream' })),
    );
    await release();
    await first;
    const results = await queued;
    // The failed batch, then one batch per member.
    expect(batches()).toBe(2 + members.length);
    expect(new Set(results.map((result) => transactionOf(result.position))).size).toBe(members.length);
    for (const [index, { stream, events }] of members.entries()) {
      const read = await store.readStream(stream);
      expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(read.at(-1)!.globalPosition).toBe(results[index]!.position);
    }
    const { rows } = await db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM events WHERE event_id = ANY($1::uuid[])',
      [members.flatMap(({ events }) => events.map((e) => e.id))],
    );
    expect(rows[0]!.n).toBe(6);
    expect(await verifyEventLog({ db: db.pool, batchSize: 100 })).toMatchObject({ ok: true, brokenLinks: 0 });
  });
  it('writes no member below events a newer transaction wrote to its stream first, and answers retry for it', async () => {
    const store = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 30_000 });
    stores.push(store);
    const [blocker, shared] = [streamName('order-blocker'), streamName('order-shared')];
    await store.appendToStream(blocker, [newEvent()], { expectedRevision: 'no_stream' });
    await store.appendToStream(shared, [newEvent()], { expectedRevision: 'no_stream' });
    const member = (stream: string) => ({ stream, mode: 'any', expected: null, keys: [], events: [newEvent()] });
    const [holder, batch] = [await db.pool.connect(), await db.pool.connect()];
    try {
      // The holder keeps the blocker's row, so the batch takes its transaction id and then waits on its first member.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM event_streams WHERE stream_id = $1 FOR UPDATE', [blocker]);
      await batch.query('BEGIN');
      const answer = batch.query<{ member: number; outcome: string }>(
        'SELECT member, outcome FROM event_store_append_batch($1::jsonb)',
        [JSON.stringify([member(blocker), member(shared)])],
      );
      await waitUntilWaiting(db, 'event_store_append_batch');
      // Meanwhile a newer transaction appends to the batch's second stream and commits.
      const newer = await store.appendToStream(shared, [newEvent()], { expectedRevision: 'any' });
      await holder.query('COMMIT');
      const { rows } = await answer;
      await batch.query('COMMIT');
      expect(rows.map((row) => row.outcome)).toEqual(['ok', 'retry']);
      const events = await store.readStream(shared);
      expect(events.map((event) => event.streamPosition)).toEqual([0n, 1n]);
      expect(events[1]!.globalPosition).toBe(newer.position);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await batch.query('ROLLBACK').catch(() => {});
      holder.release();
      batch.release();
    }
  });
});

/** Until a session of this database waits for a lock while running the given function. */
const waitUntilWaiting = async (db: TestDatabase, what: string) => {
  for (let tries = 0; tries < 500; tries += 1) {
    const { rows } = await db.pool.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
      [`%${what}%`],
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no session waited in ${what}`);
};
