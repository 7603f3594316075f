import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, type Pool } from '@acres/platform/db';
import { ALL_PROJECTIONS } from '../projections/index.ts';
import { runRebuild, type RebuildReport } from './rebuild.ts';
import { listRebuildRecipes } from './targets.ts';
import {
  appendMixedLog,
  createReferenceProjections,
  readLiveAndReference,
  type ReferenceProjection,
} from '../../test/rebuild.ts';
import { startProjector, type Projector } from '../runner/runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { silentLogger, startHarness, type Harness } from '../../test/harness.ts';

const tableOid = async (pool: Pool, table: string) =>
  (await pool.query<{ oid: number }>('SELECT to_regclass($1)::oid::int8 AS oid', [table])).rows[0]?.oid ?? null;

const indexNames = async (pool: Pool, table: string) =>
  (
    await pool.query<{ name: string }>(
      `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = to_regclass($1)
       UNION ALL SELECT 'constraint ' || conname FROM pg_constraint WHERE conrelid = to_regclass($1) ORDER BY 1`,
      [table],
    )
  ).rows.map((row) => row.name);

describe('rebuild --all while the live projector serves and new events keep arriving', () => {
  let harness: Harness;
  let projectorPool: Pool;
  let rebuildPool: Pool;
  let projector: Projector;
  let references: ReferenceProjection[];
  let report: RebuildReport;
  const before = new Map<string, { oid: number | null; indexes: string[] }>();
  let writtenDuringRebuild = 0n;

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    // Every live projection and its reference holds a connection while it runs, plus a few to read pages with.
    projectorPool = createPool({ connectionString: harness.db.url, max: 2 * ALL_PROJECTIONS.length + 4 });
    rebuildPool = createPool({ connectionString: harness.db.url, max: ALL_PROJECTIONS.length + 4 });
    const client = await harness.db.pool.connect();
    try {
      references = await createReferenceProjections(client, 'ref');
    } finally {
      client.release();
    }
    for (const table of ALL_PROJECTIONS.flatMap((projection) => projection.tables ?? [])) {
      before.set(table, { oid: await tableOid(harness.db.pool, table), indexes: await indexNames(harness.db.pool, table) });
    }
    // The references follow the log beside the live projections and are never rebuilt.
    projector = startProjector({
      eventStore: harness.eventStore,
      pool: projectorPool,
      logger: silentLogger,
      projections: [...ALL_PROJECTIONS, ...references.map((reference) => reference.projection)],
      lockRetryMs: 100,
    });
    const seeded = await appendMixedLog(harness.eventStore, { units: 1_000, unitsPerAppend: 10 });
    const names = [...ALL_PROJECTIONS, ...references.map((reference) => reference.projection)].map(
      (projection) => projection.name,
    );
    expect(await waitForProjections({ pool: harness.db.pool, names, position: seeded, timeoutMs: 60_000 })).toBe(true);

    // A steady trickle of the product's traffic (a unit of 10 events every 25 ms) while it rebuilds.
    const writing = new AbortController();
    const writer = (async () => {
      for (let unit = 100_000; !writing.signal.aborted; unit += 1) {
        writtenDuringRebuild = await appendMixedLog(harness.eventStore, { units: 1, firstUnit: unit, concurrency: 1 });
        await sleep(25);
      }
    })();
    try {
      report = await runRebuild({
        pool: rebuildPool,
        eventStore: harness.eventStore,
        recipes: listRebuildRecipes(),
        logger: silentLogger,
        batchSize: 500,
      });
    } finally {
      writing.abort();
      await writer;
    }
  }, 120_000);

  afterAll(async () => {
    await projector?.stop();
    await projectorPool?.end();
    await rebuildPool?.end();
    await harness?.close();
  });

  it('swaps every projection in, having replayed the whole log', () => {
    expect(report.outcome).toBe('swapped');
    if (report.outcome !== 'swapped') return;
    expect(report.swapped.map((swap) => swap.name).sort()).toEqual(ALL_PROJECTIONS.map((projection) => projection.name).sort());
    expect(report.eventsReplayed).toBeGreaterThanOrEqual(10_000);
    expect(writtenDuringRebuild).toBeGreaterThan(0n);
  });

  it('puts new tables in place under the live names, with the live index and constraint names, and leaves no copies behind', async () => {
    for (const [table, { oid, indexes }] of before) {
      expect(await tableOid(harness.db.pool, table), table).not.toBe(oid);
      expect(await indexNames(harness.db.pool, table), table).toEqual(indexes);
    }
    const { rows } = await harness.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class WHERE relkind = 'r' AND (relname ~ '__r[0-9]+$' OR relname ~ '__old$')`,
    );
    expect(rows[0]?.n).toBe(0);
    const checkpoints = await harness.db.pool.query<{ name: string }>(
      `SELECT name FROM projection_checkpoints WHERE name ~ '@r[0-9]+$'`,
    );
    expect(checkpoints.rows).toEqual([]);
    const rebuilds = await harness.db.pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM projection_rebuilds GROUP BY status',
    );
    expect(rebuilds.rows).toEqual([{ status: 'swapped', n: ALL_PROJECTIONS.length }]);
  });

  it('hands back to the live runners, which go on from the rebuilt tables to the head of the log', async () => {
    const head = await harness.eventStore.readHeadPosition();
    const names = [...ALL_PROJECTIONS, ...references.map((reference) => reference.projection)].map(
      (projection) => projection.name,
    );
    expect(await waitForProjections({ pool: harness.db.pool, names, position: head, timeoutMs: 30_000 })).toBe(true);
  });

  it('gives read models identical to the ones the live runner built event by event', async () => {
    const compared = await readLiveAndReference(harness.db.pool, references);
    for (const { table, live, reference } of compared) {
      expect(live.length, table).toBe(reference.length);
      expect(live, table).toEqual(reference);
    }
    const leads = compared.find((entry) => entry.table === 'leads')!;
    expect(leads.live.length).toBeGreaterThanOrEqual(4_000);
  });
});
