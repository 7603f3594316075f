import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '@acres/platform/db';
import { isCommandWaiting, lockProjectionForCommand, ProjectionLockTimeoutError } from './command-lock.ts';
import { watchCommandsFor } from './command-watch.ts';
import type { Queryable } from '@acres/platform/db';
import { releaseOwnership, tryTakeOwnership } from './ownership.ts';
import { createLeadsProjection } from '../projections/index.ts';
import type { Projector } from './runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { appendEach, newEvent, slotReservedData, useHarness, waitUntil } from '../../test/harness.ts';

const countLeads = async (pool: Pool) => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM leads')).rows[0]!.n;

describe('an operator command asking a running projection for its lock', () => {
  const harness = useHarness();
  let commandPool: Pool;
  let projector: Projector;

  beforeAll(async () => {
    commandPool = createPool({ connectionString: harness.db.url, max: 3 });
    projector = harness.startProjector({
      projections: [createLeadsProjection()],
      lockRetryMs: 100,
    });
    await waitUntil(() => projector.status()[0]?.state === 'live', { what: 'the runner to go live' });
  });
  afterAll(async () => {
    await commandPool?.end();
  });

  it('gets it within a second or so; the runner stands by meanwhile and goes on once the command commits', async () => {
    const command = await commandPool.connect();
    try {
      await command.query('BEGIN');
      const asked = performance.now();
      await lockProjectionForCommand(command, 'leads', { timeoutMs: 10_000 });
      expect(performance.now() - asked).toBeLessThan(3_000);
      await waitUntil(() => projector.status()[0]?.state === 'standby', { what: 'the runner to stand by' });

      // Nothing is applied while the command holds the projection.
      const head = await appendEach(
        harness.eventStore,
        Array.from({ length: 5 }, (_, n) => newEvent('SlotReserved', slotReservedData(n))),
      );
      await sleep(500);
      expect(await countLeads(harness.db.pool)).toBe(0);
      expect(projector.status()[0]?.state).toBe('standby');

      await command.query('COMMIT');
      expect(await waitForProjections({ pool: harness.db.pool, names: ['leads'], position: head, timeoutMs: 10_000 })).toBe(true);
      expect(await countLeads(harness.db.pool)).toBe(5);
    } finally {
      await command.query('ROLLBACK').catch(() => {});
      command.release();
    }
  });

  it('is seen as a waiter on the very lock the runner owns', async () => {
    const owner = await tryTakeOwnership(commandPool, 'probe');
    expect(owner).not.toBeNull();
    const waiter = await commandPool.connect();
    try {
      expect(await isCommandWaiting(harness.db.pool, 'probe')).toBe(false);
      await waiter.query('BEGIN');
      const waiting = lockProjectionForCommand(waiter, 'probe', { timeoutMs: 10_000 });
      await waitUntil(() => isCommandWaiting(harness.db.pool, 'probe'), { what: 'the waiter to show' });
      expect(await isCommandWaiting(harness.db.pool, 'leads')).toBe(false);
      await releaseOwnership(owner!, 'probe');
      await waiting;
      expect(await isCommandWaiting(harness.db.pool, 'probe')).toBe(false);
    } finally {
      await waiter.query('ROLLBACK').catch(() => {});
      waiter.release();
    }
  });

  it('tells only the watcher of the wanted projection, with one look for all the projections watched on a pool', async () => {
    const owner = await tryTakeOwnership(commandPool, 'watched-b');
    expect(owner).not.toBeNull();
    const looks: unknown[][] = [];
    const counted: Queryable = {
      query: ((...args: unknown[]) => {
        looks.push(args);
        return (harness.db.pool.query as (...a: unknown[]) => unknown)(...args);
      }) as Queryable['query'],
    };
    const told: string[] = [];
    const stops = ['watched-a', 'watched-b', 'watched-c'].map((name) =>
      watchCommandsFor({ db: counted, name, intervalMs: 20, onWaiting: () => told.push(name) }),
    );
    const waiter = await commandPool.connect();
    try {
      await sleep(200);
      expect(told).toEqual([]);
      // Each look is one statement asking about all three projections at once.
      expect(looks.length).toBeGreaterThan(0);
      for (const args of looks)
        expect(new Set(args[1] as string[][])).toEqual(new Set([['watched-a', 'watched-b', 'watched-c']]));
      await waiter.query('BEGIN');
      const waiting = lockProjectionForCommand(waiter, 'watched-b', { timeoutMs: 10_000 });
      await waitUntil(async () => told.length > 0, { what: 'the watcher of watched-b to be told' });
      expect(new Set(told)).toEqual(new Set(['watched-b']));
      await releaseOwnership(owner!, 'watched-b');
      await waiting;
    } finally {
      for (const stop of stops) stop();
      await waiter.query('ROLLBACK').catch(() => {});
      waiter.release();
    }
    const stoppedAt = looks.length;
    await sleep(100);
    expect(looks.length).toBe(stoppedAt);
  });

  it('gives up with a clear error when an owner never hands over (a projector without the hand-over)', async () => {
    const owner = await tryTakeOwnership(commandPool, 'stubborn');
    const command = await commandPool.connect();
    try {
      await command.query('BEGIN');
      const error = await lockProjectionForCommand(command, 'stubborn', { timeoutMs: 300 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProjectionLockTimeoutError);
      expect((error as Error).message).toContain("The projector running 'stubborn' did not hand it over within 300 ms");
    } finally {
      await command.query('ROLLBACK').catch(() => {});
      command.release();
      await releaseOwnership(owner!, 'stubborn');
    }
  });
});
