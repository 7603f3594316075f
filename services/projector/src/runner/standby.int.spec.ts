// The hot standby, proven with real processes: two projectors (services/projector/src/main.ts)
// run against one database while the owner of the projections is killed with SIGKILL at
// random points of a catch-up over more than 20,000 events, a new process starting each
// time so that two always run. A standby must take over within seconds, and in the end
// every read model must equal a clean replay of the log, every event applied exactly once.

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '@acres/platform/net';
import { ALL_PROJECTIONS } from '../projections/index.ts';
import { appendMixedLog, createReferenceProjections, type ReferenceProjection } from '../../test/rebuild.ts';
import { countAppliedEvents, readLastWrittenPosition, replayCleanly } from '../../test/clean-replay.ts';
import { silentLogger, startHarness, waitUntil, type Harness } from '../../test/harness.ts';
import { TEST_DATA_MASTER_KEY } from '@acres/eventstore/test';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const NAMES = ALL_PROJECTIONS.map((projection) => projection.name);
const KILLS = 4;
const TAKEOVER_LIMIT_MS = 6_000;

type ProjectorProcess = { id: string; child: ChildProcess; log: string[]; exited: Promise<void> };

describe('two projector processes, the owner killed again and again during a catch-up', () => {
  let harness: Harness;
  let references: ReferenceProjection[];
  const processes: ProjectorProcess[] = [];
  const takeovers: number[] = [];
  let seeded = 0n;
  let head = 0n;
  let counter = 0;

  const startProcess = async (): Promise<ProjectorProcess> => {
    const id = `standby-${++counter}`;
    const url = new URL(harness.db.url);
    // The application name tells the test which process holds which lock.
    url.searchParams.set('application_name', id);
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/projector/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        // The harness seals with the test master key; without it the process would make its own in .data.
        DATA_MASTER_KEY: TEST_DATA_MASTER_KEY,
        LOG_LEVEL: 'warn',
        PROJECTOR_BATCH_SIZE: '100',
        METRICS_PORT: String(await findFreePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Warnings and errors (JSON on stdout, crashes on stderr), shown when a takeover is late.
    const log: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const started = { id, child, log, exited };
    processes.push(started);
    return started;
  };

  /** Which process (by application name) owns each projection right now. */
  const readOwners = async () => {
    const { rows } = await harness.db.pool.query<{ name: string; owner: string }>(
      `SELECT n.name, a.application_name AS owner
         FROM unnest($1::text[]) AS n(name)
         JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                        AND l.classid = hashtext('acres.projection')::oid AND l.objid = hashtext(n.name)::oid
                        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         JOIN pg_stat_activity a ON a.pid = l.pid`,
      [NAMES],
    );
    return new Map(rows.map((row) => [row.name, row.owner]));
  };

  /** Processes whose projector runs: they own projections, or their runners stand by asking for the locks. */
  const readRunning = async () => {
    const { rows } = await harness.db.pool.query<{ name: string }>(
      `SELECT DISTINCT application_name AS name FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ANY($1) AND query LIKE $2`,
      // The runners' try for a projection's lock (the migrations try a lock of their own).
      [alive().map((entry) => entry.id), `%pg_try_advisory_lock(hashtext('acres.projection')%`],
    );
    return new Set([...rows.map((row) => row.name), ...(await readOwners()).values()]);
  };

  /** On a late takeover: who owns what, and what the processes logged. */
  const explainAndRethrow = async (error: unknown): Promise<never> => {
    console.error('owners:', [...(await readOwners()).entries()]);
    for (const entry of processes)
      console.error(`${entry.id} (exit ${entry.child.exitCode ?? entry.child.signalCode}):\n${entry.log.join('').slice(-4000)}`);
    throw error;
  };

  const alive = () => processes.filter((entry) => entry.child.exitCode === null && entry.child.signalCode === null);

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    const client = await harness.db.pool.connect();
    try {
      references = await createReferenceProjections(client, 'clean');
    } finally {
      client.release();
    }
    seeded = await appendMixedLog(harness.eventStore, { units: 2_200, unitsPerAppend: 20, concurrency: 8 });
  }, 60_000);

  afterAll(async () => {
    for (const entry of processes) entry.child.kill('SIGKILL');
    await Promise.all(processes.map((entry) => entry.exited));
    await harness?.close();
  });

  it('hands every projection of a killed owner to another process within seconds', async () => {
    // One after the other: started together, both run the migrations, and node-pg-migrate's
    // default lock mode makes the second start fail instead of waiting.
    const first = await startProcess();
    await waitUntil(async () => (await readRunning()).has(first.id), { timeoutMs: 30_000, what: 'the first process to run' });
    await startProcess();
    // More events keep arriving while owners die: the catch-up never has a quiet moment.
    const writing = new AbortController();
    const writer = (async () => {
      for (let unit = 50_000; !writing.signal.aborted; unit += 1) {
        await appendMixedLog(harness.eventStore, { units: 1, firstUnit: unit, concurrency: 1 });
        await sleep(20);
      }
    })();
    try {
      for (let kill = 0; kill < KILLS; kill += 1) {
        // Both running, and every projection owned by one of them, before picking a victim.
        await waitUntil(async () => (await readOwners()).size === NAMES.length && (await readRunning()).size === 2, {
          timeoutMs: 30_000,
          what: 'both processes up and every projection owned',
        }).catch(explainAndRethrow);
        await sleep(200 + Math.random() * 1_300);
        const owners = await readOwners();
        const byOwner = new Map<string, number>();
        for (const owner of owners.values()) byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
        const victimId = [...byOwner.entries()].sort((a, b) => b[1] - a[1])[0]![0];
        const victim = processes.find((entry) => entry.id === victimId)!;
        const orphans = [...owners.entries()].filter(([, owner]) => owner === victimId).map(([name]) => name);
        const { rows } = await harness.db.pool.query<{ min: string }>(
          'SELECT min(position)::text AS min FROM projection_checkpoints WHERE name = ANY($1)',
          [NAMES],
        );
        // At least the first kills land in the middle of the catch-up of the seeded log.
        if (kill === 0) expect(BigInt(rows[0]!.min)).toBeLessThan(seeded);
        victim.child.kill('SIGKILL');
        await victim.exited;
        const killedAt = performance.now();
        // The replacement starts at once, so two run; whichever standby asks first takes over
        // (usually the survivor, which asks every second while the replacement still boots).
        await startProcess();
        await waitUntil(
          async () => {
            const now = await readOwners();
            const living = new Set(alive().map((entry) => entry.id));
            return orphans.every((name) => living.has(now.get(name) ?? ''));
          },
          { timeoutMs: TAKEOVER_LIMIT_MS * 2, what: `another process to take over ${orphans.join(', ')}` },
        ).catch(explainAndRethrow);
        takeovers.push(performance.now() - killedAt);
      }
    } finally {
      writing.abort();
      await writer;
    }
    console.log(`standby takeovers after kill -9: ${takeovers.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}`);
    expect(takeovers).toHaveLength(KILLS);
    for (const ms of takeovers) expect(ms).toBeLessThan(TAKEOVER_LIMIT_MS);
    expect(alive()).toHaveLength(2);
  }, 180_000);

  it('reaches the head of the log with every event applied exactly once', async () => {
    head = await readLastWrittenPosition(harness.db.pool);
    const rows = await countAppliedEvents({ pool: harness.db.pool, head, timeoutMs: 90_000 });
    expect(rows).toHaveLength(NAMES.length);
    for (const row of rows) expect(row.applied, row.name).toBe(row.handled);
    expect(rows.find((row) => row.name === 'leads')!.applied).toBeGreaterThanOrEqual(8_800);
  }, 120_000);

  it('has read models identical to a clean replay of the log from position 0', async () => {
    for (const entry of alive()) entry.child.kill('SIGTERM');
    await Promise.all(processes.map((entry) => entry.exited));
    const tables = await replayCleanly({
      eventStore: harness.eventStore,
      pool: harness.db.pool,
      logger: silentLogger,
      references,
      head,
      timeoutMs: 90_000,
    });
    for (const { table, live, reference } of tables) {
      expect(live.length, table).toBe(reference.length);
      expect(live, table).toEqual(reference);
    }
  }, 120_000);
});
