// Figure 2: our PostgreSQL event store against Emmett's PostgreSQL event store
// (@event-driven-io/emmett-postgresql, a devDependency of the bench only) on the same
// PostgreSQL: appends at 1, 8 and 32 writers of 1-event and 100-event appends, and read-all
// from position 0. Each store has a database of its own in the same cluster.

import { randomUUID } from 'node:crypto';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import { dumbo } from '@event-driven-io/dumbo';
import { createPool } from '@acres/platform';
import { createPostgresEventStore, type NewEvent } from '@acres/eventstore';
import { slotReserved } from './projector.ts';
import { interleave, median, rate, ratio, record } from './report.ts';

type Appender = { append: (events: NewEvent[]) => Promise<void>; close: () => Promise<void> };

const ours = async (databaseUrl: string, writers: number): Promise<Appender> => {
  const pool = createPool({ connectionString: databaseUrl, max: writers });
  const store = createPostgresEventStore({ pool, connectionString: databaseUrl });
  return {
    append: async (events) => {
      await store.appendToStream(`lead-${randomUUID()}`, events, { expectedRevision: 'no_stream' });
    },
    close: async () => {
      await store.close();
      await pool.end();
    },
  };
};

const emmett = async (databaseUrl: string, writers: number): Promise<Appender> => {
  const pool = createPool({ connectionString: databaseUrl, max: writers });
  const store = getPostgreSQLEventStore(databaseUrl, { connectionOptions: { pool } });
  return {
    append: async (events) => {
      await store.appendToStream(
        `lead-${randomUUID()}`,
        events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown>, metadata: event.metadata })),
        { expectedStreamVersion: 'STREAM_DOES_NOT_EXIST' as never },
      );
    },
    close: async () => {
      await store.close();
      await pool.end();
    },
  };
};

/** `writers` loops appending `size` events to fresh streams for durationMs: events per second. */
const appendRate = async (
  open: (url: string, writers: number) => Promise<Appender>,
  url: string,
  writers: number,
  size: number,
  durationMs: number,
) => {
  const appender = await open(url, writers);
  const batch = Array.from({ length: size }, (_, index) => slotReserved(index));
  try {
    await appender.append(batch.map((event) => ({ ...event, id: randomUUID() }))); // schema, first connection
    let events = 0;
    const started = performance.now();
    const deadline = started + durationMs;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (performance.now() < deadline) {
          await appender.append(batch.map((event) => ({ ...event, id: randomUUID() })));
          events += size;
        }
      }),
    );
    return events / ((performance.now() - started) / 1000);
  } finally {
    await appender.close();
  }
};

/** Seeds `events` events in 100-event appends (one writer), then times reading them all from position 0 in pages of 1,000. */
const readAllRates = async (options: { oursUrl: string; emmettUrl: string; events: number; pairs: number }) => {
  for (const [open, url] of [
    [ours, options.oursUrl],
    [emmett, options.emmettUrl],
  ] as const) {
    // One writer: Emmett's batch read orders by transaction and then starts the next page
    // after the last position it saw, so a log written by concurrent writers loses events on read.
    const appender = await open(url, 1);
    for (let next = 0; next < options.events; next += 100) {
      await appender.append(Array.from({ length: Math.min(100, options.events - next) }, (_, index) => slotReserved(index)));
    }
    await appender.close();
  }
  const readOurs = async () => {
    const pool = createPool({ connectionString: options.oursUrl, max: 2 });
    const store = createPostgresEventStore({ pool, connectionString: options.oursUrl });
    try {
      const started = performance.now();
      let read = 0;
      let from = 0n;
      for (;;) {
        const page = await store.readAll({ fromPosition: from, maxCount: 1000 });
        if (page.length === 0) break;
        read += page.length;
        from = page[page.length - 1]!.globalPosition;
      }
      if (read < options.events) throw new Error(`read ${read} of ${options.events} events from our store`);
      return read / ((performance.now() - started) / 1000);
    } finally {
      await store.close();
      await pool.end();
    }
  };
  const readEmmett = async () => {
    const pool = dumbo({ connectionString: options.emmettUrl });
    try {
      const started = performance.now();
      let read = 0;
      let after = 0n;
      for (;;) {
        const page = await readMessagesBatch(pool.execute, { after, batchSize: 1000 });
        read += page.messages.length;
        if (page.messages.length === 0 || !page.areMessagesLeft) break;
        after = page.currentGlobalPosition;
      }
      if (read < options.events) throw new Error(`read ${read} of ${options.events} events from Emmett's store`);
      return read / ((performance.now() - started) / 1000);
    } finally {
      await pool.close();
    }
  };
  return interleave(options.pairs, readOurs, readEmmett);
};

export const measureEventStorePeer = async (options: {
  createDatabase: (name: string) => Promise<string>;
  writers: readonly number[];
  sizes: readonly number[];
  durationMs: number;
  readEvents: number;
  pairs: number;
}) => {
  const oursUrl = await options.createDatabase('bench_store_ours');
  const emmettUrl = await options.createDatabase('bench_store_emmett');
  console.log(
    `event store appends: ours vs Emmett's PostgreSQL event store, same PostgreSQL (${options.pairs} interleaved pairs)`,
  );
  for (const size of options.sizes) {
    for (const writers of options.writers) {
      const { as, bs } = await interleave(
        options.pairs,
        () => appendRate(ours, oursUrl, writers, size, options.durationMs),
        () => appendRate(emmett, emmettUrl, writers, size, options.durationMs),
      );
      const r = median(as.map((value, index) => value / bs[index]!));
      record({
        figure: `appends, ${size}-event, ${writers} writer${writers === 1 ? '' : 's'}`,
        ours: `${rate(median(as))} events`,
        comparison: `Emmett ${rate(median(bs))} events`,
        ratio: ratio(r),
        goal: '> 1 (ahead)',
        met: r > 1,
      });
    }
  }
  const readUrlOurs = await options.createDatabase('bench_read_ours');
  const readUrlEmmett = await options.createDatabase('bench_read_emmett');
  const reads = await readAllRates({
    oursUrl: readUrlOurs,
    emmettUrl: readUrlEmmett,
    events: options.readEvents,
    pairs: options.pairs,
  });
  const r = median(reads.as.map((value, index) => value / reads.bs[index]!));
  record({
    figure: `read all from 0, ${options.readEvents.toLocaleString('en-US')} events`,
    ours: `${rate(median(reads.as))} events`,
    comparison: `Emmett ${rate(median(reads.bs))} events`,
    ratio: ratio(r),
    goal: '>= 1',
    met: r >= 1,
  });
};
