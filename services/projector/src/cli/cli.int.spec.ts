import { beforeAll, describe, expect, it } from 'vitest';
import { runProjectionsCli } from './run.ts';
import { eventPosition, runCli } from '../../test/cli.ts';
import { createLeadsProjection, createSubscriptionsProjection } from '../projections/index.ts';
import { readProjectionProgress } from '@acres/read-models/projection-progress';
import type { Projector } from '../runner/runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { appendEach, applicationSubmittedData, newEvent, slotReservedData, useHarness, waitUntil } from '../../test/harness.ts';

/** The row of one projection in the status table, split into its columns. */
const statusLine = (table: string, name: string) =>
  table
    .split('\n')
    .find((line) => line.startsWith(`${name} `))
    ?.trim()
    .split(/\s{2,}/);

describe('status', () => {
  const harness = useHarness();
  let projector: Projector | undefined;
  let head = 0n;

  beforeAll(async () => {
    head = await appendEach(harness.eventStore, [
      ...Array.from({ length: 6 }, (_, n) => newEvent('SlotReserved', slotReservedData(n))),
      ...Array.from({ length: 3 }, (_, n) => newEvent('ApplicationSubmitted', applicationSubmittedData(n))),
    ]);
    // leads catches up and stops; subscriptions never runs.
    const once = harness.startProjector({ projections: [createLeadsProjection()] });
    expect(await waitForProjections({ pool: harness.db.pool, names: ['leads'], position: head, timeoutMs: 10_000 })).toBe(true);
    await once.stop();
  });

  it('shows the head, and per projection its state, checkpoint and lag in events and seconds', async () => {
    const { code, out } = await runCli(harness, ['status']);
    expect(code).toBe(0);
    expect(out).toContain(`Head of the log: ${head} (event store: postgres)`);
    expect(statusLine(out, 'PROJECTION')).toEqual([
      'PROJECTION',
      'STATE',
      'CHECKPOINT',
      'LAG (EVENTS)',
      'LAG (S)',
      'APPLIED',
      'LAST ERROR',
    ]);
    expect(statusLine(out, 'leads')).toEqual(['leads', 'stopped', head.toString(), '0', '0.0', '6', '-']);
    const subscriptions = statusLine(out, 'subscriptions')!;
    expect(subscriptions.slice(0, 4)).toEqual(['subscriptions', 'not-started', '0', '9']);
    expect(Number(subscriptions[4])).toBeGreaterThanOrEqual(0);
    expect(out).toContain('No projector is running these projections');
  });

  it('counts the events after each checkpoint and dates the oldest of them', async () => {
    const later = new Date(Date.now() + 60_000);
    const rows = await readProjectionProgress({
      db: harness.db.pool,
      names: ['leads', 'subscriptions'],
      lag: { eventStore: harness.eventStore },
      now: later,
    });
    expect(rows.map((row) => [row.name, row.lagEvents, row.headPosition])).toEqual([
      ['leads', 0, head.toString()],
      ['subscriptions', 9, head.toString()],
    ]);
    expect(rows[0]!.lagSeconds).toBe(0);
    expect(rows[1]!.lagSeconds).toBeGreaterThanOrEqual(59);
    // The same figures through the event store port (the way EventStoreDB is measured).
    const viaPort = await readProjectionProgress({
      db: harness.db.pool,
      names: ['leads', 'subscriptions'],
      lag: { eventStore: harness.eventStore, maxCount: 10_000 },
      now: later,
    });
    expect(viaPort.map((row) => [row.lagEvents, row.lagEventsCapped, row.lagSeconds])).toEqual(
      rows.map((row) => [row.lagEvents, false, row.lagSeconds]),
    );
  });

  it('shows a running projection as running, and a failed one with its error, exiting 1', async () => {
    projector = harness.startProjector({
      projections: [createLeadsProjection(), createSubscriptionsProjection()],
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    const poison = newEvent('SlotReserved', slotReservedData(99, { intendedAcres: 'lots' }));
    await appendEach(harness.eventStore, [poison]);
    await waitUntil(() => projector!.status().some((status) => status.state === 'failed'), { what: 'leads to fail' });
    await waitUntil(() => projector!.status().some((status) => status.name === 'subscriptions' && status.state === 'live'), {
      what: 'subscriptions to go live',
    });
    const { code, out } = await runCli(harness, ['status']);
    expect(code).toBe(1);
    const leads = statusLine(out, 'leads')!;
    expect(leads.slice(0, 4)).toEqual(['leads', 'failed', head.toString(), '1']);
    expect(leads[6]).toContain('InvalidEventDataError');
    expect(statusLine(out, 'subscriptions')!.slice(0, 4)).toEqual([
      'subscriptions',
      'running',
      await eventPosition(harness, poison.id),
      '0',
    ]);
    expect(out).toContain(`leads stopped at position ${await eventPosition(harness, poison.id)} on SlotReserved ${poison.id}`);
    expect(out).toContain(`npm run projections -- skip leads --position ${await eventPosition(harness, poison.id)} --reason`);
    const json = JSON.parse((await runCli(harness, ['status', '--json'])).out) as { name: string; state: string }[];
    expect(json.find((row) => row.name === 'leads')).toMatchObject({ state: 'failed', lagEvents: 1, failedEventId: poison.id });
  });
});

describe('two rebuilds of one projection at once', () => {
  const harness = useHarness();

  it('refuses the second, changing nothing', async () => {
    const first = await harness.db.pool.connect();
    try {
      // What a running `rebuild leads` holds for as long as it runs.
      await first.query(`SELECT pg_advisory_lock(hashtext('acres.rebuild'), hashtext('leads'))`);
      const { code, err } = await runCli(harness, ['rebuild', 'leads']);
      expect(code).toBe(1);
      expect(err).toContain("a rebuild of 'leads' is already running in another process");
      expect((await harness.db.pool.query('SELECT count(*)::int AS n FROM projection_rebuilds')).rows[0]).toEqual({ n: 0 });
    } finally {
      await first.query('SELECT pg_advisory_unlock_all()');
      first.release();
    }
  });
});

describe('the command line itself', () => {
  it('explains a wrong command or an unknown projection with the usage, exiting 2', async () => {
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(
      await runProjectionsCli({ args: ['rebuild', 'nope'], env: { DATABASE_URL: 'postgres://x@127.0.0.1:1/x' }, output }),
    ).toBe(2);
    expect(lines.join('\n')).toContain("unknown projection 'nope' (projections: leads, subscriptions");
    lines.length = 0;
    expect(await runProjectionsCli({ args: ['rebuild'], env: { DATABASE_URL: 'postgres://x@127.0.0.1:1/x' }, output })).toBe(2);
    expect(lines.join('\n')).toContain('rebuild needs projection names or --all');
    lines.length = 0;
    expect(await runProjectionsCli({ args: ['frobnicate'], output })).toBe(2);
    expect(lines.join('\n')).toContain("unknown command 'frobnicate'");
    lines.length = 0;
    expect(
      await runProjectionsCli({ args: ['status'], env: { DATABASE_URL: 'mysql://nope', EVENT_STORE: 'esdb' }, output }),
    ).toBe(2);
    expect(lines.join('\n')).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(lines.join('\n')).toContain('ESDB_CONNECTION_STRING: is required when EVENT_STORE=esdb');
  });
});
