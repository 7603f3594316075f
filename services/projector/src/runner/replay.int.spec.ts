import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Pool } from '@acres/platform/db';
import { ALL_PROJECTIONS } from '../projections/index.ts';
import type { Projection } from '../projections/projection.ts';
import { startProjector } from './runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import {
  appendEach,
  applicationSubmittedData,
  newEvent,
  silentLogger,
  slotReservedData,
  startHarness,
  waitUntil,
  type Harness,
} from '../../test/harness.ts';

const NAMES = ALL_PROJECTIONS.map((projection) => projection.name);

const snapshot = async (pool: Pool) => ({
  leads: (await pool.query('SELECT * FROM leads ORDER BY id')).rows,
  subscriptions: (await pool.query('SELECT * FROM subscriptions ORDER BY id')).rows,
  counters: (
    await pool.query(
      'SELECT total_leads, total_applications, total_payments, pending_approvals, approved_payments FROM admin_counters',
    )
  ).rows,
});

/** The same projections without their batch path: every event through apply(). */
const oneByOne = (projection: Projection): Projection => ({ ...projection, applyBatch: undefined });

const runOnce = async (harness: Harness, projections: readonly Projection[], head: bigint) => {
  const projector = startProjector({
    eventStore: harness.eventStore,
    pool: harness.db.pool,
    logger: silentLogger,
    projections,
    batchSize: 7,
  });
  try {
    expect(await waitForProjections({ pool: harness.db.pool, names: NAMES, position: head, timeoutMs: 15_000 })).toBe(true);
    await waitUntil(() => projector.status().every((status) => status.state === 'live'), { what: 'every projection to go live' });
  } finally {
    await projector.stop();
  }
};

describe('read models built once', () => {
  let harness: Harness;
  let head = 0n;
  let first: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    const events = Array.from({ length: 40 }, (_, n) =>
      n % 4 === 3 ? newEvent('ApplicationSubmitted', applicationSubmittedData(n)) : newEvent('SlotReserved', slotReservedData(n)),
    );
    head = await appendEach(harness.eventStore, events);
    await runOnce(harness, ALL_PROJECTIONS, head);
    first = await snapshot(harness.db.pool);
  });
  afterAll(async () => harness?.close());

  it('hold every event once', () => {
    expect(first.leads).toHaveLength(30);
    expect(first.subscriptions).toHaveLength(10);
    expect(first.counters).toEqual([
      { total_leads: 30, total_applications: 10, total_payments: 0, pending_approvals: 0, approved_payments: 0 },
    ]);
  });

  it('are unchanged by replaying the whole log from position 0 in batches', async () => {
    await harness.db.pool.query('UPDATE projection_checkpoints SET position = 0');
    await runOnce(harness, ALL_PROJECTIONS, head);
    expect(await snapshot(harness.db.pool)).toEqual(first);
  });

  it('are unchanged by replaying it event by event through apply()', async () => {
    await harness.db.pool.query('UPDATE projection_checkpoints SET position = 0');
    await runOnce(harness, ALL_PROJECTIONS.map(oneByOne), head);
    expect(await snapshot(harness.db.pool)).toEqual(first);
  });

  it('are unchanged by a replay from the middle of the log', async () => {
    const { rows } = await harness.db.pool.query<{ position: string }>(
      'SELECT global_position::text AS position FROM leads ORDER BY global_position OFFSET 12 LIMIT 1',
    );
    await harness.db.pool.query('UPDATE projection_checkpoints SET position = $1::bigint', [rows[0]!.position]);
    await runOnce(harness, ALL_PROJECTIONS, head);
    expect(await snapshot(harness.db.pool)).toEqual(first);
  });
});
