import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHECKPOINT_CHANNEL } from '@acres/read-models/checkpoints';
import { runRebuild } from './rebuild.ts';
import { MAX_PAGES_PER_COMMIT } from './replay.ts';
import { findRebuildRecipe } from './targets.ts';
import { positionOfEvent, storedLog } from '@acres/eventstore/test';
import { appendMixedLog } from '../../test/rebuild.ts';
import { appendEach, newEvent, silentLogger, slotReservedData, startHarness, type Harness } from '../../test/harness.ts';

/** Commits per checkpoint name: each committed checkpoint move sends one NOTIFY. */
const countCommits = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  client.on('notification', (message) => {
    const { name } = JSON.parse(message.payload ?? '{}') as { name: string };
    const projection = name.split('@')[0]!;
    counts.set(projection, (counts.get(projection) ?? 0) + 1);
  });
  await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
  return { counts, close: () => client.end() };
};

const recipes = () => ['leads', 'subscriptions'].map((name) => findRebuildRecipe(name)!);

/** The leads and subscriptions rebuilt in pages of 20 events. */
const rebuildInPages = (harness: Harness, options: { restart?: boolean } = {}) =>
  runRebuild({
    pool: harness.db.pool,
    eventStore: harness.eventStore,
    recipes: recipes(),
    logger: silentLogger,
    batchSize: 20,
    ...options,
  });

describe('a rebuild gathering each projection’s events over several pages', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(inject('pgAdminUrl'));
    // 60 units of 10 events: 240 leads, 60 applications.
    await appendMixedLog(harness.eventStore, { units: 60, unitsPerAppend: 5 });
  });
  afterAll(async () => harness?.close());

  it('commits a projection that handles few events of each page once per several pages, and swaps in every row', async () => {
    const commits = await countCommits(harness.db.url);
    try {
      // 600 events in pages of 20: 30 pages.
      const report = await rebuildInPages(harness);
      expect(report.outcome).toBe('swapped');
      const { rows } = await harness.db.pool.query(
        'SELECT (SELECT count(*) FROM leads)::int AS leads, (SELECT count(*) FROM subscriptions)::int AS subscriptions',
      );
      expect(rows[0]).toEqual({ leads: 240, subscriptions: 60 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Two applications a page: a commit per MAX_PAGES_PER_COMMIT pages (then the swap's own move), not one a page.
      expect(commits.counts.get('subscriptions')).toBeLessThanOrEqual(Math.ceil(30 / MAX_PAGES_PER_COMMIT) + 2);
      // Eight leads a page: a commit once 20 are gathered, every third page.
      expect(commits.counts.get('leads')).toBeLessThanOrEqual(12);
    } finally {
      await commits.close();
    }
  });

  it('stops on a poison event inside a gathered batch, right before it, and the other projection keeps what it read', async () => {
    const poison = newEvent('SlotReserved', slotReservedData(9_999, { fullName: '', intendedAcres: 'lots' }));
    await appendEach(harness.eventStore, [poison], { chunk: 1 });
    await appendMixedLog(harness.eventStore, { units: 10, firstUnit: 1_000, unitsPerAppend: 5 });
    const at = await positionOfEvent(storedLog(harness.db.pool), poison.id);
    const report = await rebuildInPages(harness, { restart: true });
    expect(report.outcome).toBe('failed');
    if (report.outcome !== 'failed') return;
    expect(report.failures).toEqual([expect.objectContaining({ name: 'leads', eventId: poison.id, failedPosition: at })]);
    const { rows } = await harness.db.pool.query<{ name: string; position: string }>(
      `SELECT split_part(name, '@', 1) AS name, position::text AS position FROM projection_checkpoints WHERE name LIKE '%@%' ORDER BY 1`,
    );
    const positions = new Map(rows.map((row) => [row.name, BigInt(row.position)]));
    // Every lead before the poison event is committed with the checkpoint right before it.
    expect(positions.get('leads')).toBeLessThan(at);
    const built = await storedLog(harness.db.pool).countEvents({ toPosition: at - 1n, filter: { types: ['SlotReserved'] } });
    const table = `leads__r${report.targets.find((t) => t.recipe.live.name === 'leads')!.record.generation}`;
    expect((await harness.db.pool.query(`SELECT count(*)::int AS count FROM "${table}"`)).rows[0]).toEqual({
      count: built,
    });
    expect(positions.get('subscriptions')).toBeGreaterThanOrEqual(at);
  });
});
