import { beforeAll, describe, expect, it } from 'vitest';
import { eventPosition, runCli } from '../../test/cli.ts';
import { createLeadsProjection, createSubscriptionsProjection } from '../projections/index.ts';
import { readTableRows } from '../../test/rebuild.ts';
import type { Projector } from './runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { appendEach, newEvent, slotReservedData, useHarness, waitUntil } from '../../test/harness.ts';

describe('skip', () => {
  const harness = useHarness();
  let projector: Projector;
  const good = Array.from({ length: 3 }, (_, n) => newEvent('SlotReserved', slotReservedData(n)));
  const poison = newEvent('SlotReserved', slotReservedData(3, { fullName: '', consent: false }));
  const after = Array.from({ length: 3 }, (_, n) => newEvent('SlotReserved', slotReservedData(10 + n)));
  let poisonPosition = '';

  beforeAll(async () => {
    await appendEach(harness.eventStore, [...good, poison, ...after], { chunk: 1 });
    poisonPosition = await eventPosition(harness, poison.id);
    projector = harness.startProjector({
      projections: [createLeadsProjection(), createSubscriptionsProjection()],
      retry: { attempts: 1, baseDelayMs: 1 },
      failedPollMs: 100,
    });
    await waitUntil(() => projector.status().some((status) => status.state === 'failed'), { what: 'leads to fail' });
  });

  const readLeadsCheckpoint = async () =>
    (await harness.db.pool.query(`SELECT position::text AS position, status FROM projection_checkpoints WHERE name = 'leads'`))
      .rows[0];

  it('refuses a position other than the one the projection stopped at, changing nothing', async () => {
    const before = await readLeadsCheckpoint();
    const wrong = (BigInt(poisonPosition) + 1n).toString();
    const { code, err } = await runCli(harness, ['skip', 'leads', '--position', wrong, '--reason', 'bad data']);
    expect(code).toBe(1);
    expect(err).toContain(
      `'leads' stopped at position ${poisonPosition} (SlotReserved ${poison.id}), not at ${wrong}; nothing was changed`,
    );
    expect(await readLeadsCheckpoint()).toEqual(before);
    expect((await harness.db.pool.query('SELECT count(*)::int AS n FROM projection_dead_letters')).rows[0]).toEqual({ n: 0 });
  });

  it('refuses a projection that has not failed', async () => {
    const { code, err } = await runCli(harness, ['skip', 'subscriptions', '--position', poisonPosition, '--reason', 'bad data']);
    expect(code).toBe(1);
    expect(err).toMatch(
      /'subscriptions' is not failed \(it is running at position \d+\): skip only parks the event a failed projection stopped on/,
    );
  });

  it('refuses without a reason or a position, naming what is missing', async () => {
    const noReason = await runCli(harness, ['skip', 'leads', '--position', poisonPosition]);
    expect(noReason.code).toBe(2);
    expect(noReason.err).toContain('skip needs --reason "…"');
    const noPosition = await runCli(harness, ['skip', 'leads', '--reason', 'x']);
    expect(noPosition.code).toBe(2);
    expect(noPosition.err).toContain('skip needs --position N');
    const badPosition = await runCli(harness, ['skip', 'leads', '--position', '-3', '--reason', 'x']);
    expect(badPosition.code).toBe(2);
  });

  it('parks the event with its data, error and reason, and the projection goes on after it', async () => {
    const { code, out } = await runCli(harness, [
      'skip',
      'leads',
      '--position',
      poisonPosition,
      '--reason',
      'consent withdrawn; re-entered by hand',
    ]);
    expect(code).toBe(0);
    expect(out).toContain(`leads: parked SlotReserved ${poison.id} (position ${poisonPosition}) in projection_dead_letters`);
    const { rows } = await harness.db.pool.query(
      `SELECT projection, position::text AS position, event_id, event_type, data, error, reason, skipped_at IS NOT NULL AS dated FROM projection_dead_letters`,
    );
    expect(rows).toEqual([
      {
        projection: 'leads',
        position: poisonPosition,
        event_id: poison.id,
        event_type: 'SlotReserved',
        data: poison.data,
        error: expect.stringContaining('InvalidEventDataError'),
        reason: 'consent withdrawn; re-entered by hand',
        dated: true,
      },
    ]);
    const head = await harness.eventStore.readHeadPosition();
    expect(await waitForProjections({ pool: harness.db.pool, names: ['leads'], position: head, timeoutMs: 10_000 })).toBe(true);
    const leads = await harness.db.pool.query<{ id: string }>('SELECT id::text AS id FROM leads');
    expect(leads.rows.map((row) => row.id).sort()).toEqual(
      [...good, ...after].map((event) => (event.data as { leadId: string }).leadId).sort(),
    );
    // Running, and at the log's head as read now: the head read above can lag what the projector
    // has already seen, on a server other databases' transactions keep busy (docs/testing.md).
    await expect
      .poll(async () => {
        const checkpoint = await readLeadsCheckpoint();
        const now = await harness.eventStore.readHeadPosition();
        return { status: checkpoint.status, atHead: BigInt(checkpoint.position) === now };
      })
      .toEqual({ status: 'running', atHead: true });
  });

  it('refuses to skip it twice once the projection runs again', async () => {
    const { code } = await runCli(harness, ['skip', 'leads', '--position', poisonPosition, '--reason', 'again']);
    expect(code).toBe(1);
  });

  it('lets a rebuild of the projection pass over the parked event too', async () => {
    const before = await readTableRows(harness.db.pool, 'leads');
    const { code, out, err } = await runCli(harness, ['rebuild', 'leads']);
    expect(code, err).toBe(0);
    expect(err).toContain('leads: passing over 1 parked event(s)');
    expect(out).toContain('leads: rebuilt tables (r2) swapped in');
    expect(await readTableRows(harness.db.pool, 'leads')).toEqual(before);
  });
});
