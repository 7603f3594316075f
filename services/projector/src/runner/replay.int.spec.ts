import { beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '@acres/platform/db';
import { ALL_PROJECTIONS } from '../projections/index.ts';
import {
  appendEach,
  applicationSubmittedData,
  newEvent,
  oneByOne,
  runUntilLive,
  slotReservedData,
  useHarness,
} from '../../test/harness.ts';

const snapshot = async (pool: Pool) => ({
  leads: (await pool.query('SELECT * FROM leads ORDER BY id')).rows,
  subscriptions: (await pool.query('SELECT * FROM subscriptions ORDER BY id')).rows,
  counters: (
    await pool.query(
      'SELECT total_leads, total_applications, total_payments, pending_approvals, approved_payments FROM admin_counters',
    )
  ).rows,
});

describe('read models built once', () => {
  const harness = useHarness();
  let head = 0n;
  let first: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    const events = Array.from({ length: 40 }, (_, n) =>
      n % 4 === 3 ? newEvent('ApplicationSubmitted', applicationSubmittedData(n)) : newEvent('SlotReserved', slotReservedData(n)),
    );
    head = await appendEach(harness.eventStore, events);
    await runUntilLive(harness, ALL_PROJECTIONS, head, { batchSize: 7 });
    first = await snapshot(harness.db.pool);
  });

  it('hold every event once', () => {
    expect(first.leads).toHaveLength(30);
    expect(first.subscriptions).toHaveLength(10);
    expect(first.counters).toEqual([
      { total_leads: 30, total_applications: 10, total_payments: 0, pending_approvals: 0, approved_payments: 0 },
    ]);
  });

  it.each([
    ['replaying the whole log from position 0 in batches', ALL_PROJECTIONS],
    ['replaying it event by event through apply()', ALL_PROJECTIONS.map(oneByOne)],
  ])('are unchanged by %s', async (_, projections) => {
    await runUntilLive(harness, projections, head, { from: 0n, batchSize: 7 });
    expect(await snapshot(harness.db.pool)).toEqual(first);
  });

  it('are unchanged by a replay from the middle of the log', async () => {
    const { rows } = await harness.db.pool.query<{ position: string }>(
      'SELECT global_position::text AS position FROM leads ORDER BY global_position OFFSET 12 LIMIT 1',
    );
    await runUntilLive(harness, ALL_PROJECTIONS, head, { from: BigInt(rows[0]!.position), batchSize: 7 });
    expect(await snapshot(harness.db.pool)).toEqual(first);
  });
});
