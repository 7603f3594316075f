import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Pool } from '@acres/platform/db';
import { runCli } from '../../test/cli.ts';
import { createLeadsProjection } from '../projections/index.ts';
import { appendMixedLog, readTableRows } from '../../test/rebuild.ts';
import { startProjector } from '../runner/runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { silentLogger, startHarness, waitUntil, type Harness } from '../../test/harness.ts';
import { storedLog, TEST_DATA_MASTER_KEY } from '@acres/eventstore/test';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

type CliRun = { child: ChildProcess; stderr: () => string; exited: Promise<number | null> };

const startCli = (databaseUrl: string, args: readonly string[]): CliRun => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/projector/src/cli.ts', ...args], {
    cwd: ROOT,
    // The harness seals with the test master key; without it the CLI would make its own in .data.
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_MASTER_KEY: TEST_DATA_MASTER_KEY, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ? null : code)));
  return { child, stderr: () => stderr, exited };
};

const readRebuildPosition = async (pool: Pool) =>
  BigInt(
    (
      await pool.query<{ position: string }>(
        `SELECT position::text AS position FROM projection_checkpoints WHERE name = 'leads@r2'`,
      )
    ).rows[0]?.position ?? '0',
  );

const tableOid = async (pool: Pool, table: string) =>
  (await pool.query<{ oid: number }>('SELECT to_regclass($1)::oid::int8 AS oid', [table])).rows[0]?.oid ?? null;

/** The rebuild's rows and its checkpoint moved together: one lead per SlotReserved up to the checkpoint. */
const expectRowsMatchCheckpoint = async (pool: Pool) => {
  const position = await readRebuildPosition(pool);
  const { rows } = await pool.query<{ rows: number }>('SELECT count(*)::int AS rows FROM leads__r2');
  const expected = await storedLog(pool).countEvents({ toPosition: position, filter: { types: ['SlotReserved'] } });
  expect(rows[0]!.rows).toBe(expected);
  return position;
};

describe('a rebuild interrupted by Ctrl-C and then by kill -9', () => {
  let harness: Harness;
  let head = 0n;
  let liveRows: string[] = [];
  let liveOid: number | null = null;
  let interruptedAt = 0n;

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    head = await appendMixedLog(harness.eventStore, { units: 2_000, unitsPerAppend: 20 });
    const projector = startProjector({
      eventStore: harness.eventStore,
      pool: harness.db.pool,
      logger: silentLogger,
      projections: [createLeadsProjection()],
    });
    expect(await waitForProjections({ pool: harness.db.pool, names: ['leads'], position: head, timeoutMs: 60_000 })).toBe(true);
    await projector.stop();
    liveRows = await readTableRows(harness.db.pool, 'leads');
    liveOid = await tableOid(harness.db.pool, 'leads');
  });
  afterAll(async () => harness?.close());

  it('stops after the batch in hand on Ctrl-C, says so, and leaves the live table untouched', async () => {
    const run = startCli(harness.db.url, ['rebuild', 'leads', '--batch-size', '20']);
    await waitUntil(async () => (await readRebuildPosition(harness.db.pool)) > 0n, {
      timeoutMs: 30_000,
      what: 'the rebuild to start',
    });
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    expect(run.stderr()).toContain('interrupted');
    expect(run.stderr()).toContain('The live tables are untouched');
    interruptedAt = await expectRowsMatchCheckpoint(harness.db.pool);
    expect(interruptedAt).toBeLessThan(head);
    expect(await tableOid(harness.db.pool, 'leads')).toBe(liveOid);
    expect(await readTableRows(harness.db.pool, 'leads')).toEqual(liveRows);
  });

  it('resumes from its own checkpoint, and survives kill -9 with rows and checkpoint still together', async () => {
    const run = startCli(harness.db.url, ['rebuild', 'leads', '--batch-size', '20']);
    await waitUntil(async () => (await readRebuildPosition(harness.db.pool)) > interruptedAt, {
      timeoutMs: 30_000,
      what: 'the rebuild to go on',
    });
    run.child.kill('SIGKILL');
    expect(await run.exited).toBeNull();
    expect(run.stderr()).toContain(`leads: resuming rebuild r2 from position ${interruptedAt}`);
    await expectRowsMatchCheckpoint(harness.db.pool);
    expect(await tableOid(harness.db.pool, 'leads')).toBe(liveOid);
    expect(await readTableRows(harness.db.pool, 'leads')).toEqual(liveRows);
    const { rows } = await harness.db.pool.query(`SELECT projection, generation, status FROM projection_rebuilds`);
    expect(rows).toEqual([{ projection: 'leads', generation: 2, status: 'building' }]);
  });

  it('completes on the next run, replaying only what was left, and swaps in the same read model', async () => {
    const killedAt = await readRebuildPosition(harness.db.pool);
    const { code, lines } = await runCli(harness, ['rebuild', 'leads']);
    expect(code, lines.join('\n')).toBe(0);
    expect(lines).toContain(`leads: resuming rebuild r2 from position ${killedAt}`);
    // The CLI records the run in the log (ProjectionRebuildRequested before it, …Completed after
    // it); the rebuild replays everything up to the completion event, its own request included.
    const log = storedLog(harness.db.pool);
    const [completed] = await log.readAll({
      direction: 'backward',
      maxCount: 1,
      filter: { types: ['ProjectionRebuildCompleted'] },
      unsettled: true,
    });
    const before = { toPosition: completed!.globalPosition - 1n, unsettled: true };
    const [last] = await log.readAll({ ...before, direction: 'backward', maxCount: 1 });
    const left = await log.countEvents({ ...before, fromPosition: killedAt });
    expect(lines.some((line) => line.startsWith(`rebuilt 1 projection(s): ${left.toLocaleString('en-US')} events in`))).toBe(
      true,
    );
    expect(await tableOid(harness.db.pool, 'leads')).not.toBe(liveOid);
    expect(await readTableRows(harness.db.pool, 'leads')).toEqual(liveRows);
    const { rows } = await harness.db.pool.query(
      `SELECT name, position::text AS position, status FROM projection_checkpoints ORDER BY name`,
    );
    expect(rows).toEqual([{ name: 'leads', position: last!.globalPosition.toString(), status: 'running' }]);
  });
});
