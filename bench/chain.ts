// Issue 14: the tamper-evident log's costs. Appends with the chain hash computed in the
// append statement (fresh streams, and one stream many appends long), to read beside the
// `store` part's figures of the same appends; then the verifier over a seeded log
// (events/s), after the seeded events are hashed by the migration's backfill function.

import { randomUUID } from 'node:crypto';
import { createPool } from '@acres/platform';
import { createPostgresEventStore } from '@acres/eventstore';
import { recordLogDigest, verifyEventLog } from '@acres/eventstore/chain';
import { slotReserved } from './projector.ts';
import { rate, record } from './report.ts';
import { seedMixedEvents } from './seed-mixed.ts';

const appendRate = async (options: {
  databaseUrl: string;
  writers: number;
  size: number;
  durationMs: number;
  oneStream: boolean;
}) => {
  const pool = createPool({ connectionString: options.databaseUrl, max: options.writers });
  const store = createPostgresEventStore({ pool, connectionString: options.databaseUrl });
  try {
    const deadline = performance.now() + options.durationMs;
    let events = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.writers }, async () => {
        // One long stream per writer: each append hashes from the previous head.
        const stream = `lead-${randomUUID()}`;
        let revision: bigint | 'no_stream' = 'no_stream';
        while (performance.now() < deadline) {
          const batch = Array.from({ length: options.size }, (_, index) => slotReserved(events + index));
          if (options.oneStream) {
            revision = (await store.appendToStream(stream, batch, { expectedRevision: revision })).nextExpectedRevision;
          } else {
            await store.appendToStream(`lead-${randomUUID()}`, batch, { expectedRevision: 'no_stream' });
          }
          events += options.size;
        }
      }),
    );
    return events / ((performance.now() - started) / 1000);
  } finally {
    await store.close();
    await pool.end();
  }
};

export const measureChain = async (options: {
  createDatabase: (name: string) => Promise<string>;
  writers: number[];
  durationMs: number;
  verifyEvents: number;
}) => {
  const databaseUrl = await options.createDatabase('bench_chain');
  for (const writers of options.writers) {
    for (const [size, oneStream] of [
      [1, false],
      [1, true],
      [100, false],
    ] as const) {
      const perSecond = await appendRate({ databaseUrl, writers, size, durationMs: options.durationMs, oneStream });
      const what = `${writers} writer(s), ${size}-event appends${oneStream ? ', each to its own long stream' : ', fresh streams'}`;
      console.log(`chain: appends with hashing, ${what}: ${rate(perSecond)} events`);
      record({
        figure: `Chained appends (${what})`,
        ours: rate(perSecond),
        comparison: 'see the store part',
        ratio: '',
        goal: '',
        met: null,
      });
    }
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
