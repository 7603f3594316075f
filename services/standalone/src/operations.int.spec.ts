// The Operations tab's actions through the product as `npm start` runs it: the command
// routes record a request, the projector process carries it out with the CLI's code, and
// each action lands in the log as an event.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { readWholeLog, storedLog } from '@acres/eventstore/test';
import { type Pool } from '@acres/platform/db';
import { createLogger } from '@acres/platform/logger';
import { appendEach, newEvent, slotReservedData } from '@acres/projector/test';
import { startStandaloneWithPool, stopStandaloneWithPool, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

let server: StandaloneTestServer;
let pool: Pool;
let eventStore: EventStore;
const authorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;

const post = (path: string, body: unknown = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const getJson = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

type Operation = {
  id: string;
  kind: string;
  projection: string;
  status: string;
  progressFraction: number | null;
  message: string;
};
type Projection = { name: string; state: string; position: string; failedPosition: string | null; headPosition: string | null };

const waitFor = async <T>(what: string, read: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const projection = async (name: string) =>
  (await getJson<Projection[]>('/api/admin/projections')).find((row) => row.name === name);

const caughtUp = (name: string) =>
  waitFor(`${name} to catch up`, async () => {
    const row = await projection(name);
    return row?.state === 'running' && row.position === row.headPosition ? row : null;
  });

const finished = (id: string) =>
  waitFor(`operation ${id} to finish`, async () =>
    (await getJson<Operation[]>('/api/admin/projections/operations')).find(
      (operation) => operation.id === id && !['requested', 'running'].includes(operation.status),
    ),
  );

const leadsTable = async () => (await pool.query('SELECT * FROM leads ORDER BY id')).rows.map((row) => JSON.stringify(row));

const eventsOf = async (type: string) =>
  (await readWholeLog(storedLog(pool), { types: [type] })).map((event) => ({
    stream_id: event.streamId,
    data: event.data as Record<string, unknown>,
    metadata: event.metadata as { actor: unknown },
  }));

beforeAll(async () => {
  // The notifier's sweep every 5 s, so its alert of a stopped projection comes within a poll.
  ({ server, pool } = await startStandaloneWithPool({
    adminUrl: inject('pgAdminUrl'),
    env: { NOTIFY_SWEEP_SECONDS: '5' },
    maxConnections: 4,
  }));
  eventStore = createEventStore({
    kind: 'postgres',
    pool,
    connectionString: server.databaseUrl,
    logger: createLogger({ level: 'silent', pretty: false }),
  });
  await appendEach(
    eventStore,
    Array.from({ length: 30 }, (_, n) => newEvent('SlotReserved', slotReservedData(n))),
  );
  await caughtUp('leads');
});

afterAll(async () => {
  await eventStore?.close();
  await stopStandaloneWithPool(server, pool);
});

describe('POST /api/admin/projections/:name/rebuild', () => {
  it('rebuilds into new tables and swaps them in: the same read model, recorded as events', async () => {
    const before = await leadsTable();
    const response = await post('/api/admin/projections/leads/rebuild');
    expect(response.status).toBe(202);
    const accepted = (await response.json()) as Operation;
    expect(accepted).toMatchObject({ kind: 'rebuild', projection: 'leads', requestedBy: 'admin:admin' });
    const done = await finished(accepted.id);
    expect(done).toMatchObject({ status: 'done', progressFraction: 1 });
    expect(done.message).toContain('swapped in');
    expect(await leadsTable()).toEqual(before);
    const swapped = await pool.query(`SELECT status FROM projection_rebuilds WHERE projection = 'leads'`);
    expect(swapped.rows).toEqual([{ status: 'swapped' }]);

    const requested = await eventsOf('ProjectionRebuildRequested');
    expect(requested.at(-1)).toMatchObject({
      stream_id: 'projection-leads',
      data: { operationId: accepted.id, projection: 'leads', requestedBy: 'admin:admin' },
      metadata: { actor: { kind: 'admin', id: 'admin' } },
    });
    const completed = await eventsOf('ProjectionRebuildCompleted');
    expect(completed.at(-1)).toMatchObject({
      stream_id: 'projection-leads',
      data: { operationId: accepted.id, outcome: 'swapped', eventsReplayed: expect.any(Number), requestedBy: 'admin:admin' },
      metadata: { actor: { kind: 'admin', id: 'admin' } },
    });
  });

  it('answers 409 to a second rebuild of the same projection while the first runs', async () => {
    // Holding the leads table keeps the first rebuild running (it copies the table's shape first).
    const blocker = await pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE leads IN ACCESS EXCLUSIVE MODE');
      const first = await post('/api/admin/projections/leads/rebuild');
      expect(first.status).toBe(202);
      const running = (await first.json()) as Operation;
      expect(running.status).toBe('running');
      const second = await post('/api/admin/projections/leads/rebuild');
      expect(second.status).toBe(409);
      expect(second.headers.get('content-type')).toContain('application/problem+json');
      expect(((await second.json()) as { detail: string }).detail).toContain("A rebuild of 'leads' is already under way");
      await blocker.query('COMMIT');
      expect(await finished(running.id)).toMatchObject({ status: 'done' });
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
    }
    // Another projection is not held up by it.
    const other = await post('/api/admin/projections/subscriptions/rebuild');
    expect(other.status).toBe(202);
    expect(await finished(((await other.json()) as Operation).id)).toMatchObject({ status: 'done' });
  });

  it('refuses an unknown projection (404) and a malformed name (400), naming the field', async () => {
    const unknown = await post('/api/admin/projections/no-such-thing/rebuild');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('name');
    const malformed = await post('/api/admin/projections/Leads!/rebuild');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { detail: string }).detail).toContain('name');
  });

  it('is for the admin only', async () => {
    const response = await fetch(`${server.url}/api/admin/projections/leads/rebuild`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});

describe('a projection stopped on a poison event', () => {
  let poisonPosition = '';

  beforeAll(async () => {
    const poison = newEvent('SlotReserved', slotReservedData(100, { fullName: '', intendedAcres: 'lots' }));
    await appendEach(eventStore, [poison]);
    await appendEach(eventStore, [newEvent('SlotReserved', slotReservedData(101))]);
    const failed = await waitFor('leads to fail', async () => {
      const row = await projection('leads');
      return row?.state === 'failed' ? row : null;
    });
    poisonPosition = failed.failedPosition!;
  });

  it('resumes only a stopped projection (409 otherwise), and records the resume', async () => {
    const running = await post('/api/admin/projections/subscriptions/resume');
    expect(running.status).toBe(409);
    const resumed = await post('/api/admin/projections/leads/resume');
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ kind: 'resume', status: 'done' });
    expect((await eventsOf('ProjectionResumed')).at(-1)).toMatchObject({
      stream_id: 'projection-leads',
      data: { projection: 'leads', resumedBy: 'admin:admin' },
    });
    // The cause is not fixed: it stops on the same event again.
    await waitFor('leads to fail again', async () => (await projection('leads'))?.state === 'failed');
  });

  it("alerts the admin once for the stop (the notifier's sweep), not again when it stops on the same event", async () => {
    const id = `projection-stopped:leads:${poisonPosition}`;
    // The poison event stops every projection that reads it (admin-counters too): one alert each.
    const alerts = async () =>
      (
        await pool.query<{ id: string; subject: string; status: string }>(
          `SELECT id, subject, status FROM notifications WHERE id LIKE 'projection-stopped:leads:%'`,
        )
      ).rows;
    await waitFor('the alert to be sent', async () => (await alerts()).find((row) => row.status === 'sent'));
    expect(await alerts()).toEqual([{ id, subject: 'Projection leads stopped', status: 'sent' }]);
    const sentEvents = async () =>
      (
        await readWholeLog(storedLog(pool), { types: ['NotificationSent'], data: [{ path: ['notificationId'], values: [id] }] })
      ).map((event) => ({ data: event.data }));
    // NotificationSent is appended just after the row says sent.
    await waitFor('the send to be recorded', async () => ((await sentEvents()).length > 0 ? true : undefined));
    expect(await sentEvents()).toHaveLength(1);
  });

  it('skips only with a reason and only the event it stopped on', async () => {
    const noReason = await post('/api/admin/projections/leads/skip', { position: poisonPosition, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toContain('reason');
    const badPosition = await post('/api/admin/projections/leads/skip', { position: 'x', reason: 'bad data' });
    expect(badPosition.status).toBe(400);
    const wrong = await post('/api/admin/projections/leads/skip', {
      position: String(BigInt(poisonPosition) + 1n),
      reason: 'bad data',
    });
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as { detail: string }).detail).toContain(`stopped at position ${poisonPosition}`);
  });

  it('parks the event as a dead letter with the reason, goes on after it, and records the skip', async () => {
    const reason = 'intendedAcres was typed as text by an old import';
    const response = await post('/api/admin/projections/leads/skip', { position: poisonPosition, reason });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ kind: 'skip', status: 'done', position: poisonPosition, reason });
    const parked = await pool.query('SELECT projection, position::text AS position, reason FROM projection_dead_letters');
    expect(parked.rows).toEqual([{ projection: 'leads', position: poisonPosition, reason }]);
    await caughtUp('leads');
    expect((await pool.query('SELECT count(*)::int AS n FROM leads')).rows[0].n).toBe(31);
    expect((await eventsOf('PoisonEventSkipped')).at(-1)).toMatchObject({
      stream_id: 'projection-leads',
      data: { projection: 'leads', position: poisonPosition, reason, skippedBy: 'admin:admin', eventType: 'SlotReserved' },
      metadata: { actor: { kind: 'admin', id: 'admin' } },
    });
  });
});
