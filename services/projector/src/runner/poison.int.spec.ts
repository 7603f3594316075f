import { beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from '@acres/platform/db';
import type { RecordedEvent } from '@acres/eventstore/port';
import { positionOfEvent, storedLog } from '@acres/eventstore/test';
import { ALL_PROJECTIONS } from '../projections/index.ts';
import type { Projection } from '@acres/read-models/projection';
import { readProjectionStatus } from '@acres/read-models/projection-status';
import type { Projector } from './runner.ts';
import { resumeProjection } from './checkpoints.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import {
  appendEach,
  applicationSubmittedData,
  newEvent,
  slotReservedData,
  useHarness,
  waitUntil,
  type Harness,
} from '../../test/harness.ts';

const eventPosition = (harness: Harness, id: string) => positionOfEvent(storedLog(harness.db.pool), id);

describe('a log with an event whose data breaks its schema', () => {
  const harness = useHarness();
  let projector: Projector;
  const before = newEvent('SlotReserved', slotReservedData(1));
  const poison = newEvent('SlotReserved', slotReservedData(2, { fullName: '', intendedAcres: 'lots' }));
  const after = newEvent('SlotReserved', slotReservedData(3));
  const application = newEvent('ApplicationSubmitted', applicationSubmittedData(4));
  let head = 0n;

  beforeAll(async () => {
    head = await appendEach(harness.eventStore, [before, poison, after, application], { chunk: 1 });
    projector = harness.startProjector({
      projections: ALL_PROJECTIONS,
      retry: { attempts: 3, baseDelayMs: 10 },
    });
    // Every projection that reads a reservation stops on it (the leads, the counters, the pipeline…).
    const readers = ALL_PROJECTIONS.filter((projection) => projection.handles?.includes('SlotReserved')).length;
    await waitUntil(() => projector.status().filter((status) => status.state === 'failed').length === readers, {
      what: 'the projections that read reservations to fail',
    });
  });

  it('stops the projections that read it, recording the error, the event and where it stopped', async () => {
    const beforePosition = await eventPosition(harness, before.id);
    const poisonPosition = await eventPosition(harness, poison.id);
    const { rows } = await harness.db.pool.query(
      `SELECT name, status, position::text AS position, failed_position::text AS failed_position, failed_event_id::text AS failed_event_id,
              failed_event_type, last_error, failed_at IS NOT NULL AS has_failed_at
         FROM projection_checkpoints WHERE name IN ('leads', 'admin-counters') ORDER BY name`,
    );
    for (const [index, name] of ['admin-counters', 'leads'].entries()) {
      expect(rows[index]).toMatchObject({
        name,
        status: 'failed',
        position: beforePosition.toString(),
        failed_position: poisonPosition.toString(),
        failed_event_id: poison.id,
        failed_event_type: 'SlotReserved',
        has_failed_at: true,
      });
      expect(rows[index].last_error).toContain("Invalid data for event 'SlotReserved'");
      expect(rows[index].last_error).toContain('intendedAcres');
    }
  });

  it('applies what came before it and nothing after it', async () => {
    const { rows } = await harness.db.pool.query('SELECT id FROM leads ORDER BY global_position');
    expect(rows).toEqual([{ id: (before.data as { leadId: string }).leadId }]);
    const counters = await harness.db.pool.query('SELECT total_leads, total_applications FROM admin_counters');
    expect(counters.rows).toEqual([{ total_leads: 1, total_applications: 0 }]);
  });

  it('keeps the other projections running to the head of the log', async () => {
    expect(await waitForProjections({ pool: harness.db.pool, names: ['subscriptions'], position: head, timeoutMs: 5_000 })).toBe(
      true,
    );
    const { rows } = await harness.db.pool.query('SELECT id FROM subscriptions');
    expect(rows).toEqual([{ id: (application.data as { applicationId: string }).applicationId }]);
    await waitUntil(() => projector.status().find((status) => status.name === 'subscriptions')?.state === 'live', {
      what: 'subscriptions live',
    });
  });

  it('shows the failure in the runner status and in the stored status', async () => {
    const poisonPosition = (await eventPosition(harness, poison.id)).toString();
    expect(projector.status().find((status) => status.name === 'leads')).toMatchObject({
      state: 'failed',
      failedEventId: poison.id,
      failedEventType: 'SlotReserved',
      failedPosition: poisonPosition,
      lastError: expect.stringContaining('fullName'),
    });
    const stored = await readProjectionStatus(harness.db.pool);
    // Only those that read the poison event stop; every other projection runs on.
    const failed = new Set(
      ALL_PROJECTIONS.filter((projection) => projection.handles?.includes('SlotReserved')).map(({ name }) => name),
    );
    expect([...failed]).toEqual(expect.arrayContaining(['admin-counters', 'leads']));
    expect(
      stored.map(({ name, status, owned }) => ({ name, status, owned })).sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual(
      ALL_PROJECTIONS.map(({ name }) => name)
        .sort((a, b) => a.localeCompare(b))
        .map((name) => (failed.has(name) ? { name, status: 'failed', owned: false } : { name, status: 'running', owned: true })),
    );
    expect(stored.find((status) => status.name === 'leads')).toMatchObject({
      failedEventId: poison.id,
      failedPosition: poisonPosition,
    });
  });

  it('tells a read-your-writes wait at once that it cannot pass the poison event', async () => {
    const startedAt = Date.now();
    expect(await waitForProjections({ pool: harness.db.pool, names: ['leads'], position: head, timeoutMs: 5_000 })).toBe(false);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });
});

/** A probe read model: plain INSERTs (a second apply of one event would fail on the key). */
const createProbe = async (harness: Harness) => {
  await harness.db.pool.query('CREATE TABLE probe (event_id uuid PRIMARY KEY, position bigint NOT NULL)');
};
const probeRows = async (harness: Harness) =>
  (await harness.db.pool.query<{ event_id: string }>('SELECT event_id::text AS event_id FROM probe ORDER BY position')).rows.map(
    (row) => row.event_id,
  );
const insertProbe = (client: PoolClient, event: RecordedEvent) =>
  client.query('INSERT INTO probe (event_id, position) VALUES ($1, $2::bigint)', [event.id, event.globalPosition.toString()]);

describe('a handler that fails after writing its rows', () => {
  const harness = useHarness();
  let projector: Projector;
  const events = Array.from({ length: 6 }, (_, n) => newEvent('SlotReserved', slotReservedData(n)));
  const bad = events[3]!;
  let healed = false;
  const probe: Projection = {
    name: 'probe',
    handles: ['SlotReserved'],
    apply: async (client, event) => {
      await insertProbe(client, event);
      if (event.id === bad.id && !healed) throw new Error('downstream rule broken after the insert');
    },
  };

  beforeAll(async () => {
    await createProbe(harness);
    await appendEach(harness.eventStore, events, { chunk: 1 });
    projector = harness.startProjector({
      projections: [probe],
      retry: { attempts: 3, baseDelayMs: 5 },
      failedPollMs: 50,
    });
    await waitUntil(() => projector.status()[0]?.state === 'failed', { what: 'the probe to fail' });
  });

  it('keeps neither its rows nor a checkpoint move for the failing event, and keeps the events before it', async () => {
    expect(await probeRows(harness)).toEqual(events.slice(0, 3).map((event) => event.id));
    const [status] = await readProjectionStatus(harness.db.pool);
    expect(status).toMatchObject({
      status: 'failed',
      position: (await eventPosition(harness, events[2]!.id)).toString(),
      failedEventId: bad.id,
    });
    expect(status?.lastError).toContain('downstream rule broken after the insert');
  });

  it('retries the same event when resumed after the fix, and goes on from there', async () => {
    healed = true;
    expect(await resumeProjection(harness.db.pool, 'probe')).toBe(true);
    const head = await eventPosition(harness, events[5]!.id);
    expect(await waitForProjections({ pool: harness.db.pool, names: ['probe'], position: head, timeoutMs: 5_000 })).toBe(true);
    expect(await probeRows(harness)).toEqual(events.map((event) => event.id));
    const [status] = await readProjectionStatus(harness.db.pool);
    expect(status).toMatchObject({ status: 'running', lastError: null, failedEventId: null });
  });
});

describe('a handler that fails twice and then succeeds', () => {
  const harness = useHarness();
  let projector: Projector;
  const events = Array.from({ length: 3 }, (_, n) => newEvent('SlotReserved', slotReservedData(n)));
  let failuresLeft = 2;
  const flaky: Projection = {
    name: 'probe',
    handles: ['SlotReserved'],
    apply: async (client, event) => {
      if (event.id === events[1]!.id && failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('transient');
      }
      await insertProbe(client, event);
    },
  };

  beforeAll(async () => {
    await createProbe(harness);
  });

  it('is retried with back-off and never marked failed', async () => {
    const head = await appendEach(harness.eventStore, events, { chunk: 1 });
    projector = harness.startProjector({
      projections: [flaky],
      retry: { attempts: 3, baseDelayMs: 5 },
    });
    expect(await waitForProjections({ pool: harness.db.pool, names: ['probe'], position: head, timeoutMs: 5_000 })).toBe(true);
    expect(failuresLeft).toBe(0);
    expect(await probeRows(harness)).toEqual(events.map((event) => event.id));
    // The checkpoint's NOTIFY can arrive before the runner has seen its own COMMIT answered.
    await waitUntil(() => projector.status()[0]?.state === 'live', { what: 'the probe to go live' });
    expect(projector.status()[0]).toMatchObject({ state: 'live', lastError: null, failedEventId: null });
  });
});
