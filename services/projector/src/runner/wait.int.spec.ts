import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_PROJECTIONS } from '../projections/index.ts';
import { startProjector, type Projector } from './runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { newEvent, silentLogger, slotReservedData, startHarness, type Harness } from '../../test/harness.ts';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

const NAMES = ALL_PROJECTIONS.map((projection) => projection.name);
const LONGER_THAN_ANY_WAIT_MS = 10 * 60_000;

describe('a running projector following the live log', () => {
  let harness: Harness;
  let projector: Projector;

  beforeAll(async () => {
    // The log's fallback poll is longer than any wait below: an event can only reach the
    // read models in time through the append's NOTIFY waking the projector.
    harness = await startHarness(inject('pgAdminUrl'), { pollIntervalMs: LONGER_THAN_ANY_WAIT_MS });
    projector = startProjector({
      eventStore: harness.eventStore,
      pool: harness.db.pool,
      logger: silentLogger,
      projections: ALL_PROJECTIONS,
    });
  });
  afterAll(async () => {
    await projector?.stop();
    await harness?.close();
  });

  const appendLead = async (n: number) => {
    const data = slotReservedData(n);
    const { position } = await harness.eventStore.appendToStream(`lead-${data.leadId}`, [newEvent('SlotReserved', data)], {
      expectedRevision: 'no_stream',
    });
    return { position, leadId: data.leadId };
  };

  it('has each new event in the read models on its NOTIFY, not on the fallback poll', async () => {
    // How fast is the bench's business (lag); here only the wake-up path is checked.
    for (let n = 0; n < 30; n += 1) {
      const { position, leadId } = await appendLead(n);
      expect(await waitForProjections({ pool: harness.db.pool, names: NAMES, position, timeoutMs: 30_000 })).toBe(true);
      const { rows } = await harness.db.pool.query('SELECT id FROM leads WHERE id = $1', [leadId]);
      expect(rows).toHaveLength(1);
    }
  });

  it('serves many concurrent waiters from one LISTEN connection and gives the connection back', async () => {
    const { position } = await appendLead(1_000);
    const beyond = position + 1_000_000_000n;
    const waits = Array.from({ length: 40 }, () =>
      waitForProjections({ pool: harness.db.pool, names: NAMES, position: beyond, timeoutMs: 1_500 }),
    );
    await sleep(100);
    // 40 waiters, one LISTEN connection.
    const { rows } = await harness.db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN projection_checkpoint%'",
    );
    expect(rows[0]?.n).toBe(1);
    expect(await Promise.all(waits)).toEqual(Array.from({ length: 40 }, () => false));
    await sleep(50);
    const listening = await harness.db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN projection_checkpoint%'",
    );
    expect(listening.rows[0]?.n).toBe(0);
  });

  it('answers false after the timeout for a position not reached', async () => {
    const startedAt = Date.now();
    expect(await waitForProjections({ pool: harness.db.pool, names: ['leads'], position: 10n ** 15n, timeoutMs: 300 })).toBe(
      false,
    );
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(290);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('answers true at once for a position already passed, and for no names', async () => {
    const { position } = await appendLead(2_000);
    expect(await waitForProjections({ pool: harness.db.pool, names: NAMES, position, timeoutMs: 2_000 })).toBe(true);
    const startedAt = Date.now();
    expect(
      await waitForProjections({ pool: harness.db.pool, names: NAMES, position: position.toString(), timeoutMs: 2_000 }),
    ).toBe(true);
    expect(await waitForProjections({ pool: harness.db.pool, names: [], position: 10n ** 15n, timeoutMs: 2_000 })).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(200);
  });

  it('waits for a projection that has no checkpoint yet instead of failing', async () => {
    expect(
      await waitForProjections({ pool: harness.db.pool, names: [`unknown-${randomUUID()}`], position: 1n, timeoutMs: 100 }),
    ).toBe(false);
  });
});
