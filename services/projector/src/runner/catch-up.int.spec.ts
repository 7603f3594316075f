import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHECKPOINT_CHANNEL } from '@acres/read-models/checkpoints';
import { ALL_PROJECTIONS } from '../projections/index.ts';
import { startProjector } from './runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { sizeFor } from '@acres/platform/test';
import { appendBulk, newEvent, silentLogger, slotReservedData, startHarness, type Harness } from '../../test/harness.ts';

const NAMES = ALL_PROJECTIONS.map((projection) => projection.name);

/** Counts checkpoint moves per projection: each committed checkpoint update sends one NOTIFY. */
const countCheckpointUpdates = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  client.on('notification', (message) => {
    const { name } = JSON.parse(message.payload ?? '{}') as { name: string };
    counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
  return { counts, close: () => client.end() };
};

describe('a projector starting behind a log of 2,000 events', () => {
  let harness: Harness;
  let head = 0n;

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    head = await appendBulk(
      harness.eventStore,
      Array.from({ length: 2_000 }, (_, n) => newEvent('SlotReserved', slotReservedData(n))),
    );
  });
  afterAll(async () => harness?.close());

  it('catches up in batches of many events per transaction', async () => {
    const updates = await countCheckpointUpdates(harness.db.url);
    const projector = startProjector({
      eventStore: harness.eventStore,
      pool: harness.db.pool,
      logger: silentLogger,
      projections: ALL_PROJECTIONS,
      batchSize: 500,
    });
    try {
      expect(await waitForProjections({ pool: harness.db.pool, names: NAMES, position: head, timeoutMs: 30_000 })).toBe(true);
      const { rows } = await harness.db.pool.query(
        'SELECT (SELECT count(*) FROM leads) AS leads, (SELECT total_leads FROM admin_counters) AS counted',
      );
      expect(rows[0]).toEqual({ leads: 2_000, counted: 2_000 });
      await sleep(100);
      // 2,000 events in pages of 500: four transactions for a projection that handles them,
      // plus at most a few small live ones; one that handles none moves its checkpoint once,
      // at the head (pages it handles nothing of cost it no transaction).
      for (const projection of ALL_PROJECTIONS) {
        const count = updates.counts.get(projection.name);
        if (projection.handles.includes('SlotReserved')) {
          expect(count).toBeGreaterThanOrEqual(4);
          expect(count).toBeLessThanOrEqual(8);
        } else {
          expect(count).toBeGreaterThanOrEqual(1);
          expect(count).toBeLessThanOrEqual(3);
        }
      }
    } finally {
      await projector.stop();
      await updates.close();
    }
  });
});

// 5,000 events (ten pages of the live feed) in `npm test`; 20,000 in the soak run.
const LONG_LOG = sizeFor({ proof: 5_000, soak: 20_000 });

describe(`a projector starting behind a log of ${LONG_LOG.toLocaleString('en-US')} events`, () => {
  let harness: Harness;
  let head = 0n;
  const total = LONG_LOG;

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    head = await appendBulk(
      harness.eventStore,
      Array.from({ length: total }, (_, n) => newEvent('SlotReserved', slotReservedData(n))),
      { perAppend: 1_000 },
    );
    // Fresh statistics, as autovacuum keeps them in service: without them the store's
    // page query plans a scan of the whole rest of the log per page, and this test would
    // spend minutes on the bulk load's missing ANALYZE (its rate is the bench's business).
    await harness.db.pool.query('ANALYZE events');
  }, 120_000);
  afterAll(async () => harness?.close());

  it('builds every read model from a long log, each projection to the head', async () => {
    const projector = startProjector({
      eventStore: harness.eventStore,
      pool: harness.db.pool,
      logger: silentLogger,
      projections: ALL_PROJECTIONS,
    });
    try {
      expect(await waitForProjections({ pool: harness.db.pool, names: NAMES, position: head, timeoutMs: 60_000 })).toBe(true);
      const { rows } = await harness.db.pool.query(
        'SELECT (SELECT count(*) FROM leads) AS leads, (SELECT total_leads FROM admin_counters) AS counted',
      );
      expect(rows[0]).toEqual({ leads: total, counted: total });
    } finally {
      await projector.stop();
    }
  }, 120_000);
});
