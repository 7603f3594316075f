// The CLI records its operations as the Operations tab does: the same events, with the
// OS user as the actor, and a rebuild registered so the tab shows it and refuses a second.

import { beforeAll, describe, expect, it } from 'vitest';
import { runProjectionsCli } from '../cli/run.ts';
import { createLeadsProjection } from '../projections/index.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { appendEach, newEvent, slotReservedData, useHarness, waitUntil } from '../../test/harness.ts';
import { readProjectionStatus } from '@acres/read-models/projection-status';
import { readWholeLog, storedLog, TEST_DATA_MASTER_KEY } from '@acres/eventstore/test';

describe('the projections CLI as an audited operator', () => {
  const harness = useHarness();
  const env = () => ({ DATABASE_URL: harness.db.url, DATA_MASTER_KEY: TEST_DATA_MASTER_KEY, USER: 'ops' });
  const cli = (args: string[]) =>
    runProjectionsCli({ args, env: env(), output: { out: () => {}, err: () => {} }, progressStream: null });
  const events = async (type: string) =>
    (await readWholeLog(storedLog(harness.db.pool), { types: [type] })).map((event) => ({
      stream_id: event.streamId,
      data: event.data as Record<string, unknown>,
      metadata: event.metadata,
    }));
  let poisonPosition = '';

  beforeAll(async () => {
    const poison = newEvent('SlotReserved', slotReservedData(3, { intendedAcres: 'lots' }));
    const head = await appendEach(harness.eventStore, [
      newEvent('SlotReserved', slotReservedData(1)),
      newEvent('SlotReserved', slotReservedData(2)),
    ]);
    const projector = harness.startProjector({ projections: [createLeadsProjection()], retry: { attempts: 1, baseDelayMs: 1 } });
    expect(await waitForProjections({ pool: harness.db.pool, names: ['leads'], position: head, timeoutMs: 10_000 })).toBe(true);
    await projector.stop();
    await appendEach(harness.eventStore, [poison]);
    const again = harness.startProjector({ projections: [createLeadsProjection()], retry: { attempts: 1, baseDelayMs: 1 } });
    await waitUntil(async () => (await readProjectionStatus(harness.db.pool, { names: ['leads'] }))[0]?.status === 'failed', {
      what: 'leads to fail',
    });
    await again.stop();
    poisonPosition = (await readProjectionStatus(harness.db.pool, { names: ['leads'] }))[0]!.failedPosition!;
  });

  it('records a rebuild it could not finish as requested and completed by cli:<user>, and its operation row', async () => {
    expect(await cli(['rebuild', 'leads'])).toBe(1);
    const [requested] = await events('ProjectionRebuildRequested');
    expect(requested).toMatchObject({
      stream_id: 'projection-leads',
      data: { projection: 'leads', requestedBy: 'cli:ops' },
      metadata: { actor: { kind: 'system', id: 'cli:ops' } },
    });
    const [completed] = await events('ProjectionRebuildCompleted');
    expect(completed).toMatchObject({
      data: { outcome: 'failed', requestedBy: 'cli:ops', operationId: requested!.data.operationId },
    });
    const { rows } = await harness.db.pool.query('SELECT kind, projection, status, requested_by FROM projection_operations');
    expect(rows).toEqual([{ kind: 'rebuild', projection: 'leads', status: 'failed', requested_by: 'cli:ops' }]);
  });

  it('records a skip with its reason, and a resume, only when they changed something', async () => {
    expect(await cli(['resume', 'subscriptions'])).toBe(1);
    expect(await events('ProjectionResumed')).toEqual([]);
    expect(await cli(['resume', 'leads'])).toBe(0);
    expect((await events('ProjectionResumed'))[0]).toMatchObject({ data: { projection: 'leads', resumedBy: 'cli:ops' } });
    // Resumed without a runner, it is still where it stopped; mark it failed there as the runner would.
    await harness.db.pool.query(
      `UPDATE projection_checkpoints SET status = 'failed', failed_position = $1, last_error = 'bad data' WHERE name = 'leads'`,
      [poisonPosition],
    );
    expect(await cli(['skip', 'leads', '--position', poisonPosition, '--reason', 'typed as text'])).toBe(0);
    expect((await events('PoisonEventSkipped'))[0]).toMatchObject({
      stream_id: 'projection-leads',
      data: { projection: 'leads', position: poisonPosition, reason: 'typed as text', skippedBy: 'cli:ops' },
      metadata: { actor: { kind: 'system', id: 'cli:ops' } },
    });
  });
});
