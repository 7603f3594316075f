import { randomUUID } from 'node:crypto';
import { AdminChartsSchema } from '@acres/contracts/charts';
import {
  appendEach,
  decidePayment,
  newEvent,
  slotReservedData,
  applicationSubmittedData,
  submitPayment,
} from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_CHARTS_SQL } from '@acres/read-models/admin-charts-queries';
import { startReadHarness, type ReadHarness } from '../../test/read-harness.ts';
import { ADMIN_AUTH } from '../../test/support.ts';

// Late on Sunday 5 April in UTC is already Monday 6 April in Lagos (UTC+1): the current
// Lagos week starts on 6 April, and the three weeks shown start 23 March, 30 March, 6 April.
const NOW = new Date('2026-04-05T23:30:00.000Z');

describe('GET /api/admin/charts: weekly series cut by Lagos time', () => {
  let harness: ReadHarness;

  const charts = async (query = '?weeks=3') => {
    const response = await harness.app.inject({ url: `/api/admin/charts${query}`, headers: ADMIN_AUTH });
    expect(response.statusCode, response.body).toBe(200);
    return AdminChartsSchema.parse(response.json());
  };

  beforeAll(async () => {
    harness = await startReadHarness(inject('pgAdminUrl'), { readYourWritesMs: 3000, now: () => NOW });
    const store = harness.eventStore;
    const lead = (n: number, reservedAt: string) => newEvent('SlotReserved', slotReservedData(n, { reservedAt }));
    const application = (n: number, submittedAt: string) =>
      newEvent('ApplicationSubmitted', applicationSubmittedData(n, { submittedAt }));
    let head = await appendEach(store, [
      lead(1, '2026-03-22T22:30:00.000Z'), // Sunday 22 March 23:30 in Lagos: before the window
      lead(2, '2026-03-22T23:30:00.000Z'), // Monday 23 March 00:30 in Lagos
      lead(3, '2026-04-05T22:50:00.000Z'), // Sunday 5 April 23:50 in Lagos: the week of 30 March
      lead(4, '2026-04-05T23:10:00.000Z'), // Monday 6 April 00:10 in Lagos
      application(1, '2026-03-31T10:00:00.000Z'),
      application(2, '2026-04-05T23:05:00.000Z'),
      application(3, '2026-04-05T23:06:00.000Z'),
    ]);
    const early = await submitPayment(store, { userId: randomUUID(), acres: 3, submittedAt: '2026-03-01T09:00:00.000Z' });
    await decidePayment(store, { payment: early, status: 'approved', decidedAt: '2026-03-02T09:00:00.000Z' });
    const ada = randomUUID();
    const first = await submitPayment(store, { userId: ada, acres: 10, submittedAt: '2026-03-24T09:00:00.000Z' });
    const rejected = await submitPayment(store, { userId: ada, acres: 4, submittedAt: '2026-03-24T10:00:00.000Z' });
    const second = await submitPayment(store, { userId: ada, acres: 5, submittedAt: '2026-04-05T23:15:00.000Z' });
    // Sunday 29 March 23:59 in Lagos, and Monday 6 April 00:20.
    await decidePayment(store, { payment: first, status: 'approved', decidedAt: '2026-03-29T22:59:00.000Z' });
    await decidePayment(store, { payment: rejected, status: 'rejected', decidedAt: '2026-03-30T10:00:00.000Z' });
    head = (await decidePayment(store, { payment: second, status: 'approved', decidedAt: '2026-04-05T23:20:00.000Z' })).position;
    harness.startProjector();
    await harness.settle(head);
  });
  afterAll(async () => harness?.close());

  it('counts leads, applications, submitted and approved payments per Lagos week, with the allocation at each week’s end', async () => {
    expect(await charts()).toEqual({
      timeZone: 'Africa/Lagos',
      projectAcres: 200,
      partnerSlots: 10,
      weeks: [
        {
          weekStart: '2026-03-23',
          leads: 1,
          applications: 0,
          paymentsSubmitted: 2,
          paymentsApproved: 1,
          acresApproved: 13,
          partners: 2,
        },
        {
          weekStart: '2026-03-30',
          leads: 1,
          applications: 1,
          paymentsSubmitted: 0,
          paymentsApproved: 0,
          acresApproved: 13,
          partners: 2,
        },
        {
          weekStart: '2026-04-06',
          leads: 1,
          applications: 2,
          paymentsSubmitted: 1,
          paymentsApproved: 1,
          acresApproved: 18,
          partners: 2,
        },
      ],
    });
  });

  it('shows 12 weeks by default, empty ones as zeros, oldest first', async () => {
    const { weeks } = await charts('');
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({
      weekStart: '2026-01-19',
      leads: 0,
      applications: 0,
      paymentsSubmitted: 0,
      paymentsApproved: 0,
      acresApproved: 0,
      partners: 0,
    });
    expect(weeks.at(-1)?.weekStart).toBe('2026-04-06');
    expect(weeks.reduce((sum, week) => sum + week.leads, 0)).toBe(4);
  });

  it('answers 400 for a number of weeks out of range and 401 without credentials', async () => {
    for (const weeks of ['0', '53', 'x', '1.5']) {
      const response = await harness.app.inject({ url: `/api/admin/charts?weeks=${weeks}`, headers: ADMIN_AUTH });
      expect(response.statusCode, weeks).toBe(400);
    }
    expect((await harness.app.inject({ url: '/api/admin/charts' })).statusCode).toBe(401);
  });

  it('counts each week with range scans of the time indexes, not scans of every row', async () => {
    // Few rows here would make any scan cheapest: with sequential scans priced out the plan
    // shows the indexes the query can use on a large table.
    const client = await harness.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${ADMIN_CHARTS_SQL}`, [NOW, 12]);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan on (leads|subscriptions|payments)\b/);
      expect(plan).toMatch(/Index (Only )?Scan (using|on) leads_lagos_week_idx/);
      expect(plan).toMatch(/Index (Only )?Scan (using|on) subscriptions_lagos_week_idx/);
      expect(plan).toMatch(/Index (Only )?Scan (using|on) payments_submitted_lagos_week_idx/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
