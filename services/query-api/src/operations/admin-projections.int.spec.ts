import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { createLogger } from '@acres/platform';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { createLeadsProjection } from '../../test/projector.ts';
import { startProjector } from '../../test/projector.ts';
import { appendEach, newEvent, slotReservedData } from '../../test/projector.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, ADMIN_AUTH, basicAuth } from '../../test/support.ts';
import { ProjectionStatusSchema } from './projections-routes.ts';
import { buildTestQueryApp, type QueryApp } from '../../test/query-app.ts';

const silent = createLogger({ level: 'silent', pretty: false });

describe('GET /api/admin/projections', () => {
  let db: TestDatabase;
  let eventStore: EventStore;
  let app: QueryApp;
  let head = 0n;
  // The clock reads 30 s ahead of every request, so the failed event's lag is at least 30 s however
  // slowly a loaded machine ran the setup that wrote it.
  const now = () => new Date(Date.now() + 30_000);

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
    await appendEach(
      eventStore,
      Array.from({ length: 4 }, (_, n) => newEvent('SlotReserved', slotReservedData(n))),
    );
    // Appended after the others have committed, so the poison event is last in the log.
    head = await appendEach(eventStore, [newEvent('SlotReserved', slotReservedData(9, { intendedAcres: 'many' }))]);
    const projector = startProjector({
      eventStore,
      pool: db.pool,
      logger: silent,
      projections: [createLeadsProjection()],
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    await waitForProjections({ pool: db.pool, names: ['leads'], position: head, timeoutMs: 10_000 });
    await projector.stop();
    app = buildTestQueryApp(db, { now });
  });
  afterAll(async () => {
    await app?.close();
    await eventStore?.close();
    await db?.drop();
  });

  it('answers 401 without the admin credentials, and for wrong ones', async () => {
    expect((await app.inject({ url: '/api/admin/projections' })).statusCode).toBe(401);
    const wrong = await app.inject({
      url: '/api/admin/projections',
      headers: { authorization: basicAuth(ADMIN.username, 'not the password') },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('lists every projection with its state, checkpoint, lag and last error', async () => {
    // The head only shows events below the cluster's oldest running write transaction;
    // other test files' transactions can hold it back for a moment, so ask until it shows.
    const fetchStatus = () => app.inject({ url: '/api/admin/projections', headers: ADMIN_AUTH });
    await expect
      .poll(
        async () =>
          (await fetchStatus()).json<{ name: string; headPosition: string }[]>().find((row) => row.name === 'leads')
            ?.headPosition,
        {
          timeout: 20_000,
          interval: 100,
        },
      )
      .toBe(head.toString());
    const response = await fetchStatus();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = z.array(ProjectionStatusSchema).parse(response.json());
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['leads', 'subscriptions', 'admin-counters', 'payments']));
    const leads = rows.find((row) => row.name === 'leads')!;
    expect(leads).toMatchObject({
      state: 'failed',
      owned: false,
      headPosition: head.toString(),
      failedPosition: head.toString(),
      lagEvents: 1,
      eventsApplied: 4,
      failedEventType: 'SlotReserved',
    });
    expect(leads.lastError).toContain('InvalidEventDataError');
    expect(leads.lagSeconds).toBeGreaterThanOrEqual(29);
    expect(BigInt(leads.position)).toBeLessThan(head);
    expect(rows.find((row) => row.name === 'subscriptions')).toMatchObject({
      state: 'not-started',
      position: '0',
      lagEvents: 5,
      updatedAt: null,
    });
  });
});
