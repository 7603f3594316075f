import { setTimeout as sleep } from 'node:timers/promises';
import { withTransaction } from '@acres/platform';
import { type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROJECTIONS } from './fresh-read.ts';
import { ADMIN_AUTH, insertLead, setCheckpoint } from '../../test/support.ts';
import { startQueryApp, buildTestQueryApp, type QueryApp } from '../../test/query-app.ts';

const timed = async <T>(run: () => Promise<T>) => {
  const started = performance.now();
  const result = await run();
  return { result, elapsedMs: performance.now() - started };
};

describe('a read with x-min-position', () => {
  let db: TestDatabase;
  let app: QueryApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await startQueryApp({ readYourWrites: { timeoutMs: 1500 } }));
  });
  beforeEach(async () => {
    await db.pool.query('TRUNCATE leads, subscriptions');
    // The unfiltered total is the admin-counters projection's; emptied with the rows.
    await db.pool.query('UPDATE admin_counters SET total_leads = 0, total_applications = 0');
    for (const name of Object.values(PROJECTIONS)) await setCheckpoint(db.pool, name, 10);
  });
  afterAll(() => close());

  const getLeads = (minPosition?: string) =>
    app.inject({
      url: '/api/admin/leads',
      headers: { ...ADMIN_AUTH, ...(minPosition === undefined ? {} : { 'x-min-position': minPosition }) },
    });

  it('waits until the projections pass the position, then shows the write', async () => {
    const projectLater = (async () => {
      await sleep(400);
      await withTransaction(db.pool, async (client) => {
        await insertLead(client, { fullName: 'Just Written' });
        await client.query('UPDATE projection_checkpoints SET position = 11 WHERE name = ANY($1)', [
          [PROJECTIONS.leads, PROJECTIONS.adminCounters, PROJECTIONS.leadPipeline],
        ]);
      });
    })();
    const { result: response, elapsedMs } = await timed(() => getLeads('11'));
    await projectLater;
    expect(response.statusCode).toBe(200);
    expect(elapsedMs).toBeGreaterThanOrEqual(350);
    expect(elapsedMs).toBeLessThan(1500);
    expect(response.headers['x-read-model-stale']).toBeUndefined();
    expect(response.json().leads.map((lead: { fullName: string }) => lead.fullName)).toEqual(['Just Written']);
  });

  it('waits for every projection it reads, not just the first to catch up', async () => {
    // The list reads the leads, the counters beside it and each lead's stage.
    setTimeout(() => void setCheckpoint(db.pool, PROJECTIONS.leads, 12), 100);
    setTimeout(() => void setCheckpoint(db.pool, PROJECTIONS.leadPipeline, 12), 100);
    setTimeout(() => void setCheckpoint(db.pool, PROJECTIONS.adminCounters, 12), 500);
    const { result: response, elapsedMs } = await timed(() => getLeads('12'));
    expect(response.headers['x-read-model-stale']).toBeUndefined();
    expect(elapsedMs).toBeGreaterThanOrEqual(450);
  });

  it('answers at once when the projections are already past the position', async () => {
    const { result: response, elapsedMs } = await timed(() => getLeads('10'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-read-model-stale']).toBeUndefined();
    expect(elapsedMs).toBeLessThan(200);
  });

  it('serves what is there after the bound, flagged x-read-model-stale', async () => {
    await insertLead(db.pool, { fullName: 'Older Lead' });
    const { result: response, elapsedMs } = await timed(() => getLeads('999'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-read-model-stale']).toBe('true');
    expect(elapsedMs).toBeGreaterThanOrEqual(1450);
    expect(elapsedMs).toBeLessThan(2500);
    expect(response.json().total).toBe(1);
  });

  it('wakes on the projector’s NOTIFY sooner than the poll', async () => {
    // A fallback poll slower than the bound: an answer in time can only come from NOTIFY.
    const notified = buildTestQueryApp(db, { readYourWrites: { timeoutMs: 3000, pollMs: 60_000 } });
    // Checkpoint moved and announced in one transaction, the way the projector does it.
    setTimeout(() => {
      void (async () => {
        await db.pool.query(
          `WITH moved AS (UPDATE projection_checkpoints SET position = 20 WHERE name = ANY($1) RETURNING name, position)
           SELECT pg_notify('projection_checkpoint', json_build_object('name', name, 'position', position::text)::text)
             FROM moved`,
          // The application list reads its total from the admin counters, so it waits for both.
          [[PROJECTIONS.subscriptions, PROJECTIONS.adminCounters]],
        );
      })();
    }, 300);
    const { result: response, elapsedMs } = await timed(() =>
      notified.inject({ url: '/api/admin/subscriptions', headers: { ...ADMIN_AUTH, 'x-min-position': '20' } }),
    );
    await notified.close();
    expect(response.headers['x-read-model-stale']).toBeUndefined();
    expect(elapsedMs).toBeGreaterThanOrEqual(250);
    expect(elapsedMs).toBeLessThan(1500);
  });

  it('does not wait on a projection that has failed', async () => {
    await setCheckpoint(db.pool, PROJECTIONS.subscriptions, 10, 'failed');
    const { result: response, elapsedMs } = await timed(() =>
      app.inject({ url: '/api/admin/subscriptions', headers: { ...ADMIN_AUTH, 'x-min-position': '11' } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-read-model-stale']).toBe('true');
    expect(elapsedMs).toBeLessThan(500);
  });

  it('treats a projection that has never run as behind', async () => {
    await db.pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [PROJECTIONS.adminCounters]);
    const response = await app.inject({ url: '/api/admin/counters', headers: { ...ADMIN_AUTH, 'x-min-position': '1' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-read-model-stale']).toBe('true');
  });

  it.each(['abc', '-1', '1.5', '1e3', '', '12, 13', '99999999999999999999', '9223372036854775808'])(
    'answers 400 naming x-min-position for %j',
    async (value) => {
      const response = await getLeads(value);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, errors: [{ field: 'x-min-position' }] });
    },
  );

  it('takes 0 and surrounding spaces as valid', async () => {
    expect((await getLeads('0')).statusCode).toBe(200);
    expect((await getLeads(' 10 ')).statusCode).toBe(200);
  });
});
