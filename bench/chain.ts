// Issue 14: the tamper-evident log's costs. Appends with the chain hash computed in the
// append statement against the same appends without it (interleaved pairs), appends to long
// streams; then the backfill, the first digest and the verifier over a seeded log (events/s).

import { randomUUID } from 'node:crypto';
import { createPool } from '@acres/platform';
import { APPEND_SQL, createPostgresEventStore } from '@acres/eventstore';
import { recordLogDigest, verifyEventLog } from '@acres/eventstore/chain';
import { slotReserved } from './projector.ts';
import { median, rate, ratio, record } from './report.ts';
import { seedMixedEvents } from './seed-mixed.ts';
import { writeRate } from './timed-writers.ts';

// The comparison: the append statement of issue 10, before the chain (migration 23 leaves
// the hash columns nullable, so it still runs), to fresh streams like the chained one.
const UNCHAINED_APPEND = `WITH guard AS MATERIALIZED (SELECT event_store_begin_append() AS ok),
stream AS (INSERT INTO event_streams (stream_id, revision) SELECT $1, $2::bigint - 1 FROM guard
  ON CONFLICT (stream_id) DO NOTHING RETURNING revision),
appended AS (
  INSERT INTO events (global_position, stream_id, stream_position, event_id, type, data, metadata)
  SELECT event_store_position_base() + e.ordinality - 1, $1, stream.revision - $2::bigint + e.ordinality,
         (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
    FROM stream CROSS JOIN jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(value, ordinality)
  RETURNING global_position, stream_position)
SELECT max(global_position)::text AS position FROM appended`;

/** Appends of `size` events to fresh streams by one statement, timed without the store's wake-ups around it. */
const statementRate = async (options: {
  sql: string;
  databaseUrl: string;
  writers: number;
  size: number;
  durationMs: number;
}) => {
  const pool = createPool({ connectionString: options.databaseUrl, max: options.writers });
  try {
    return await writeRate(options, () => async (written) => {
      const batch = Array.from({ length: options.size }, (_, index) => slotReserved(written + index));
      await pool.query(options.sql, [`lead-${randomUUID()}`, options.size, JSON.stringify(batch)]);
      return options.size;
    });
  } finally {
    await pool.end();
  }
};

/** Appends through the store, each writer to one stream of its own that grows all along. */
const longStreamRate = async (options: { databaseUrl: string; writers: number; size: number; durationMs: number }) => {
  const pool = createPool({ connectionString: options.databaseUrl, max: options.writers });
  const store = createPostgresEventStore({ pool, connectionString: options.databaseUrl });
  try {
    return await writeRate(options, () => {
      // One long stream per writer: each append hashes from the previous head.
      const stream = `lead-${randomUUID()}`;
      let revision: bigint | 'no_stream' = 'no_stream';
      return async (written) => {
        const batch = Array.from({ length: options.size }, (_, index) => slotReserved(written + index));
        revision = (await store.appendToStream(stream, batch, { expectedRevision: revision })).nextExpectedRevision;
        return options.size;
      };
    });
  } finally {
    await store.close();
    await pool.end();
  }
};

export const measureChain = async (options: {
  createDatabase: (name: string) => Promise<string>;
  writers: number[];
  durationMs: number;
  pairs: number;
  verifyEvents: number;
}) => {
  const databaseUrl = await options.createDatabase('bench_chain');
  for (const writers of options.writers) {
    for (const size of [1, 100]) {
      // Interleaved, so a busy machine weighs on both sides alike.
      const chained: number[] = [];
      const unchained: number[] = [];
      for (let pair = 0; pair < options.pairs; pair += 1) {
        chained.push(
          await statementRate({ sql: APPEND_SQL.no_stream, databaseUrl, writers, size, durationMs: options.durationMs }),
        );
        unchained.push(
          await statementRate({ sql: UNCHAINED_APPEND, databaseUrl, writers, size, durationMs: options.durationMs }),
        );
      }
      const ours = median(chained);
      const before = median(unchained);
      record({
        figure: `Appends with the chain hash, ${writers} writer(s), ${size}-event appends (events/s)`,
        ours: rate(ours),
        comparison: `${rate(before)} without it`,
        ratio: ratio(ours / before),
        goal: '',
        met: null,
      });
    }
    const long = await longStreamRate({ databaseUrl, writers, size: 1, durationMs: options.durationMs });
    record({
      figure: `Appends with the chain hash, ${writers} writer(s), 1-event appends to long streams (events/s)`,
      ours: rate(long),
      comparison: '-',
      ratio: '',
      goal: '',
      met: null,
    });
  }

  const seeded = await options.createDatabase('bench_chain_verify');
  await seedMixedEvents({ databaseUrl: seeded, events: options.verifyEvents });
  const pool = createPool({ connectionString: seeded, max: 2 });
  try {
    const backfillStarted = performance.now();
    await pool.query('SELECT event_store_backfill_hashes()');
    const backfill = options.verifyEvents / ((performance.now() - backfillStarted) / 1000);
    const digestStarted = performance.now();
    await recordLogDigest(pool);
    const digestMs = performance.now() - digestStarted;
    const result = await verifyEventLog({ db: pool });
    if (!result.ok) throw new Error(`the seeded log does not verify: ${JSON.stringify(result.firstBroken)}`);
    console.log(
      `chain: backfill ${rate(backfill)} events; first digest of ${options.verifyEvents} events in ${Math.round(digestMs)} ms; ` +
        `verify ${rate(result.eventsPerSecond)} events (${result.eventsChecked} events, ${result.streamsChecked} streams)`,
    );
    record({
      figure: `Verify the log (${result.eventsChecked} events)`,
      ours: rate(result.eventsPerSecond),
      comparison: '',
      ratio: '',
      goal: '',
      met: null,
    });
  } finally {
    await pool.end();
  }
};
