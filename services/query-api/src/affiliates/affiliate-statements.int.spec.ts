import { AffiliateStatementSchema } from '@acres/contracts/affiliate-reads';
import { affiliateLog } from '../../test/projector.ts';
import type { AffiliateLog, RegisteredAffiliate, ReportedSale } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseCsv } from '../../test/support.ts';
import { registerInvestor, startAffiliateHarness, verifiedUnpaid } from '../../test/affiliates-harness.ts';
import type { AffiliateHarness, Investor } from '../../test/affiliates-harness.ts';

// Late on 30 April in UTC is already 1 May in Lagos (UTC+1): May is this month, June the future.
const NOW = new Date('2026-04-30T23:30:00.000Z');

describe('an affiliate’s monthly statements, cut by Lagos time', () => {
  let harness: AffiliateHarness;
  let log: AffiliateLog;
  let ada: Investor;
  let bola: Investor;
  let adaProfile: RegisteredAffiliate;
  const sales = {} as Record<
    'marchFirst' | 'marchMid' | 'lastOfMarchUtc' | 'endOfApril' | 'firstOfMay' | 'bolaMarch',
    ReportedSale
  >;
  let head = 0n;

  const get = (url: string, who: Investor) => harness.app.inject({ url, headers: { cookie: who.cookie } });
  const statement = async (month: string, who: Investor = ada) => {
    const response = await get(`/api/affiliate/statements?month=${month}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return AffiliateStatementSchema.parse(response.json());
  };

  beforeAll(async () => {
    harness = await startAffiliateHarness(inject('pgAdminUrl'), { now: () => NOW });
    log = affiliateLog(harness.eventStore);
    ada = await registerInvestor(harness, { email: 'ada@example.ng', firstName: 'Ada' });
    bola = await registerInvestor(harness, { email: 'bola@example.ng', firstName: 'Bola' });
    adaProfile = await log.register({ userId: ada.id, email: ada.email });
    const bolaProfile = await log.register({ userId: bola.id, email: bola.email });
    let number = 0;
    const verified = async (input: { acres: number; amountPaid: number; verifiedAt: string; clientName?: string }) => {
      const { verifiedAt, ...report } = input;
      const sale = await log.report({ affiliate: adaProfile, ...report });
      await log.verify({ sale, verifiedSaleNumber: (number += 1), verifiedAt });
      return sale;
    };
    // Six sales verified in January, so the 10th verified sale falls in April.
    for (let day = 10; day < 16; day += 1)
      await verified({ acres: 1, amountPaid: 2_000_000, verifiedAt: `2026-01-${day}T12:00:00.000Z` });
    sales.marchFirst = await verified({ acres: 1, amountPaid: 3_500_000, verifiedAt: '2026-02-28T23:00:00.000Z' });
    sales.marchMid = await verified({ acres: 1.5, amountPaid: 5_250_001, verifiedAt: '2026-03-15T10:00:00.000Z' });
    sales.lastOfMarchUtc = await verified({ acres: 0.5, amountPaid: 1_750_000, verifiedAt: '2026-03-31T23:30:00.000Z' });
    sales.endOfApril = await verified({
      acres: 3,
      amountPaid: 10_500_000,
      verifiedAt: '2026-04-30T22:59:59.000Z',
      clientName: '=HYPERLINK("http://x","y")',
    });
    sales.firstOfMay = await verified({ acres: 2, amountPaid: 7_000_000, verifiedAt: '2026-04-30T23:00:00.000Z' });
    // Neither a pending nor a rejected sale belongs on a statement.
    await log.report({ affiliate: adaProfile, acres: 5 });
    const rejected = await log.report({ affiliate: adaProfile, acres: 6 });
    await log.reject({ sale: rejected, rejectedAt: '2026-03-20T10:00:00.000Z' });
    sales.bolaMarch = await log.report({ affiliate: bolaProfile, acres: 2.5, amountPaid: 8_750_000 });
    head = (await log.verify({ sale: sales.bolaMarch, verifiedAt: '2026-03-10T09:00:00.000Z' })).position;
    harness.startProjector();
    await harness.settle(head);
  });
  afterAll(async () => harness?.close());

  it('puts a sale verified at Lagos midnight on 1 March into March, in verification order, with totals', async () => {
    expect(await statement('2026-03')).toEqual({
      month: '2026-03',
      sales: [
        {
          id: sales.marchFirst.saleId,
          clientName: 'Ngozi Eze',
          acres: 1,
          amount: 3_500_000,
          verifiedAt: '2026-02-28T23:00:00.000Z',
          ...verifiedUnpaid(5, 175_000),
        },
        {
          id: sales.marchMid.saleId,
          clientName: 'Ngozi Eze',
          acres: 1.5,
          amount: 5_250_001,
          verifiedAt: '2026-03-15T10:00:00.000Z',
          ...verifiedUnpaid(5, 262_500),
        },
      ],
      totals: { sales: 2, acres: 2.5, amount: 8_750_001, commission: 437_500 },
    });
  });

  it('puts a sale verified at 23:30 UTC on 31 March into April, with the rate each sale was verified at', async () => {
    const april = await statement('2026-04');
    expect(april.sales.map((sale) => [sale.id, sale.commissionRate, sale.computedCommission])).toEqual([
      [sales.lastOfMarchUtc.saleId, 5, 87_500],
      // The 10th verified sale earns 7.5%.
      [sales.endOfApril.saleId, 7.5, 787_500],
    ]);
    expect(april.totals).toEqual({ sales: 2, acres: 3.5, amount: 12_250_000, commission: 875_000 });
  });

  it('serves the current Lagos month while it is still the previous month in UTC', async () => {
    const may = await statement('2026-05');
    expect(may.sales.map((sale) => [sale.id, sale.commissionRate])).toEqual([[sales.firstOfMay.saleId, 7.5]]);
  });

  it('answers an empty statement for a month without verified sales', async () => {
    expect(await statement('2025-12')).toEqual({
      month: '2025-12',
      sales: [],
      totals: { sales: 0, acres: 0, amount: 0, commission: 0 },
    });
  });

  it('shows each affiliate only their own verified sales', async () => {
    expect((await statement('2026-03', bola)).sales.map((sale) => sale.id)).toEqual([sales.bolaMarch.saleId]);
    expect((await statement('2026-03')).sales.map((sale) => sale.id)).not.toContain(sales.bolaMarch.saleId);
    expect((await statement('2026-04', bola)).sales).toEqual([]);
  });

  it.each([
    ['2026-06', 'Month cannot be in the future'],
    ['2026-13', 'Month must be a calendar month written YYYY-MM'],
    ['2026-00', 'Month must be a calendar month written YYYY-MM'],
    ['2026-4', 'Month must be a calendar month written YYYY-MM'],
    ['2026-04-01', 'Month must be a calendar month written YYYY-MM'],
    ['April', 'Month must be a calendar month written YYYY-MM'],
    ['', 'Month must be a calendar month written YYYY-MM'],
    ['1999-12', 'Month must be 2000-01 or later'],
  ])('answers 400 naming month for %j, in JSON and CSV alike', async (month, message) => {
    for (const path of ['statements', 'statements.csv']) {
      const response = await get(`/api/affiliate/${path}?month=${encodeURIComponent(month)}`, ada);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, errors: [{ field: 'month', message }] });
    }
  });

  it('answers 400 naming month when it is missing or sent twice', async () => {
    for (const query of ['', '?month=2026-03&month=2026-04']) {
      const response = await get(`/api/affiliate/statements${query}`, ada);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('month');
    }
  });

  it('downloads the statement as a formula-safe CSV named after the month, times in Lagos', async () => {
    const response = await get('/api/affiliate/statements.csv?month=2026-04', ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const position = response.headers['x-acres-event-position'];
    expect(position).toMatch(/^[1-9]\d*$/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="affiliate-statement-2026-04-at-${position}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    // The header row first (a spreadsheet reads the first line as headers); the position is in the file's name.
    expect(parseCsv(response.body.slice(1))).toEqual([
      [
        'Sale ID',
        'Client Name',
        'Acres',
        'Amount (NGN)',
        'Verified At (Lagos)',
        'Commission Rate (%)',
        'Commission (NGN)',
        'Commission Status',
        'Paid At (Lagos)',
        'Transfer Reference',
      ],
      [sales.lastOfMarchUtc.saleId, 'Ngozi Eze', '0.5', '1750000', '2026-04-01 00:30:00', '5', '87500', 'Verified', '', ''],
      [
        sales.endOfApril.saleId,
        `'=HYPERLINK("http://x","y")`,
        '3',
        '10500000',
        '2026-04-30 23:59:59',
        '7.5',
        '787500',
        'Verified',
        '',
        '',
      ],
      ['Total (2 sales)', '', '3.5', '12250000', '', '', '875000', '', '', ''],
    ]);
  });

  it('gives the same statement every time, and again after the read models are rebuilt from the log', async () => {
    const read = async () =>
      Promise.all(
        ['2026-03', '2026-04', '2026-05'].flatMap((month) => [
          get(`/api/affiliate/statements?month=${month}`, ada).then((response) => response.body),
          get(`/api/affiliate/statements.csv?month=${month}`, ada).then((response) => response.body),
        ]),
      );
    const first = await read();
    expect(await read()).toEqual(first);
    // The affiliate's current rate is 7.5% by now; the March statement keeps its 5%.
    expect((await get('/api/affiliate/profile', ada)).json()).toMatchObject({ commissionRate: 7.5, verifiedSales: 11 });

    await harness.stopProjectors();
    await harness.db.pool.query(`TRUNCATE affiliates, affiliate_sales;
      UPDATE projection_checkpoints SET position = 0 WHERE name IN ('affiliates', 'affiliate-sales')`);
    // Gone for real: without its rows even the profile is missing.
    expect((await get('/api/affiliate/statements?month=2026-03', ada)).statusCode).toBe(404);
    harness.startProjector();
    await harness.settle(head);
    expect(await read()).toEqual(first);
  });
});
