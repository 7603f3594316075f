import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { newEvent } from '../../test/contract/fixtures.ts';
import type { EventStore, NewEvent } from '../port.ts';
import { createPostgresEventStore } from '../postgres/postgres-event-store.ts';
import { recordLogDigest } from './digests.ts';
import { CHAIN_ROOT, hashChainedEvent } from './encoding.ts';
import { verifyEventLog } from './verify.ts';

const payment = (amount: number): NewEvent =>
  newEvent(
    {
      paymentId: randomUUID(),
      userId: randomUUID(),
      leadId: null,
      acres: 2,
      amount,
      proofImagePath: '/objects/uploads/proof',
      submittedAt: '2026-11-26T10:00:00.000Z',
    },
    'PaymentProofSubmitted',
  );

// Values whose stored text differs from what was sent: jsonb reorders keys, drops
// duplicates and whitespace, and prints numbers its own way.
const awkward = () =>
  newEvent({ zeta: 1, alpha: { b: [1.5, 1e3, -0.0], a: 'ñ "quoted" \u2028 🌍' }, empty: {}, n: null, t: true });

describe('the tamper-evident log', () => {
  let db: TestDatabase;
  let store: EventStore;
  const open = async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    store = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 30_000 });
  };
  afterEach(async () => {
    await store?.close();
    await db?.drop();
  });
  const verify = () => verifyEventLog({ db: db.pool, batchSize: 3 });
  const seed = async () => {
    await store.appendToStream('lead-1', [awkward(), awkward()], { expectedRevision: 'no_stream' });
    const paymentStream = `payment-${randomUUID()}`;
    await store.appendToStream(paymentStream, [payment(7_000_000)], { expectedRevision: 'no_stream' });
    await store.appendToStream(paymentStream, [newEvent({ note: 'reviewed' }), newEvent({ note: 'again' })], {
      expectedRevision: 0n,
    });
    await store.appendToStream('lead-1', [awkward()], { expectedRevision: 'stream_exists' });
    await store.appendToStream('ops', [newEvent()], { expectedRevision: 'any' });
    await store.appendToStream('ops', [newEvent(), newEvent()], { expectedRevision: 'any' });
    return { paymentStream };
  };

  it('hashes at append exactly as the verifier recomputes from what it reads back', async () => {
    await open();
    await seed();
    const { rows } = await db.pool.query<{
      stream_id: string;
      stream_position: string;
      global_position: string;
      event_id: string;
      type: string;
      data: string;
      metadata: string;
      created_us: string;
      hash: Buffer;
    }>(`SELECT stream_id, stream_position::text, global_position::text, event_id::text, type, data::text, metadata::text,
               (extract(epoch FROM created_at) * 1000000)::bigint::text AS created_us, hash
          FROM events WHERE stream_id = 'lead-1' ORDER BY stream_position`);
    expect(rows).toHaveLength(3);
    let previous: Buffer = CHAIN_ROOT;
    for (const row of rows) {
      const fields = {
        streamId: row.stream_id,
        streamPosition: BigInt(row.stream_position),
        eventId: row.event_id,
        type: row.type,
        dataText: row.data,
        metadataText: row.metadata,
        createdAtMicros: BigInt(row.created_us),
      };
      expect(hashChainedEvent(fields, previous).toString('hex')).toBe(row.hash.toString('hex'));
      previous = row.hash;
    }
    const heads = await db.pool.query<{ head_hash: Buffer }>(`SELECT head_hash FROM event_streams WHERE stream_id = 'lead-1'`);
    expect(heads.rows[0]!.head_hash.equals(previous)).toBe(true);
    const result = await verify();
    expect(result).toMatchObject({ ok: true, eventsChecked: 9, streamsChecked: 3, brokenLinks: 0, firstBroken: null });
  });

  it('names the payment event whose amount was edited in SQL, and only it', async () => {
    await open();
    const { paymentStream } = await seed();
    await recordLogDigest(db.pool);
    const { rows } = await db.pool.query<{ event_id: string; global_position: string }>(
      `UPDATE events SET data = jsonb_set(data, '{amount}', '700000') WHERE stream_id = $1 AND type = 'PaymentProofSubmitted'
       RETURNING event_id::text, global_position::text`,
      [paymentStream],
    );
    const result = await verify();
    expect(result.ok).toBe(false);
    expect(result.firstBroken).toEqual({
      kind: 'hash-mismatch',
      position: rows[0]!.global_position,
      streamId: paymentStream,
      revision: '0',
      type: 'PaymentProofSubmitted',
      eventId: rows[0]!.event_id,
      message: 'Event content does not match its hash',
    });
    // The next event still links to the stored hash: the break is reported where it is.
    expect(result.brokenLinks).toBe(1);
  });

  it('catches a deleted event and two swapped events', async () => {
    await open();
    const { paymentStream } = await seed();
    await db.pool.query(`DELETE FROM events WHERE stream_id = $1 AND stream_position = 1`, [paymentStream]);
    const deleted = await verify();
    expect(deleted.firstBroken).toMatchObject({ kind: 'missing-revision', streamId: paymentStream, revision: '2' });

    for (const [from, to] of [
      [0, 99],
      [1, 0],
      [99, 1],
    ])
      await db.pool.query(`UPDATE events SET stream_position = $2 WHERE stream_id = 'lead-1' AND stream_position = $1`, [
        from,
        to,
      ]);
    const swapped = await verify();
    expect(swapped.brokenLinks).toBeGreaterThanOrEqual(3);
    const lead = await db.pool.query<{ global_position: string }>(
      `SELECT min(global_position)::text AS global_position FROM events WHERE stream_id = 'lead-1'`,
    );
    expect(swapped.firstBroken).toMatchObject({
      kind: 'hash-mismatch',
      streamId: 'lead-1',
      position: lead.rows[0]!.global_position,
    });
  });

  it('detects a truncated tail through the digest, even when the stream heads were rewritten to match', async () => {
    await open();
    await seed();
    const digest = await recordLogDigest(db.pool);
    expect(digest?.streams).toBe(3);
    expect(await recordLogDigest(db.pool)).toBeNull();
    expect((await verify()).digest?.position).toBe(digest!.position);
    await db.pool.query(`DELETE FROM events WHERE stream_id = 'ops' AND stream_position = 2`);
    await db.pool.query(
      `UPDATE event_streams SET revision = 1, head_hash = (SELECT hash FROM events WHERE stream_id = 'ops' AND stream_position = 1)
        WHERE stream_id = 'ops'`,
    );
    const result = await verify();
    expect(result.ok).toBe(false);
    expect(result.brokenLinks).toBe(1);
    expect(result.firstBroken).toMatchObject({ kind: 'digest-mismatch', position: digest!.position.toString() });
    expect(result.digest).toBeNull();
  });

  it('reports a deleted tail from the stream head when no digest covers it yet', async () => {
    await open();
    await seed();
    await db.pool.query(`DELETE FROM events WHERE stream_id = 'ops' AND stream_position = 2`);
    const result = await verify();
    expect(result.firstBroken).toMatchObject({ kind: 'head-mismatch', streamId: 'ops', revision: '2' });
  });

  it('chains racing appends to one stream in the order they commit', async () => {
    await open();
    await store.appendToStream('race', [newEvent()], { expectedRevision: 'no_stream' });
    const attempts = Array.from({ length: 12 }, (_, index) =>
      store.appendToStream('race', [newEvent({ index }), newEvent({ index })], {
        expectedRevision: index % 2 === 0 ? 'any' : 0n,
      }),
    );
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThanOrEqual(6);
    const result = await verify();
    expect(result.firstBroken).toBeNull();
    expect(result.eventsChecked).toBeGreaterThanOrEqual(13);
    // Hashing must not take the transaction id before the row lock: the log keeps revision order.
    const order = await db.pool.query<{ stream_position: number }>(
      `SELECT stream_position FROM events WHERE stream_id = 'race' ORDER BY global_position`,
    );
    expect(order.rows.map((row) => row.stream_position)).toEqual(order.rows.map((_, index) => index));
  });

  it('backfills events written without a hash (an upgraded log), continuing each chain', async () => {
    await open();
    await seed();
    await db.pool.query(`UPDATE events SET hash = NULL WHERE stream_id <> 'ops' OR stream_position > 0`);
    await db.pool.query(`UPDATE event_streams SET head_hash = NULL`);
    expect((await verify()).ok).toBe(false);
    const { rows } = await db.pool.query<{ hashed: number }>('SELECT event_store_backfill_hashes() AS hashed');
    expect(rows[0]!.hashed).toBe(8);
    expect(await verify()).toMatchObject({ ok: true, eventsChecked: 9 });
    // Appends go on from the backfilled heads.
    await store.appendToStream('lead-1', [awkward()], { expectedRevision: 2n });
    expect((await verify()).ok).toBe(true);
  });
});
