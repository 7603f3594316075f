import { randomUUID } from 'node:crypto';
import { AdminAffiliateSalesResponseSchema, AdminAffiliatesResponseSchema } from '@acres/contracts/affiliate-reads';
import { affiliateLog } from '../../test/projector.ts';
import type { AffiliateLog, RegisteredAffiliate, RejectedSale, ReportedSale, VerifiedSale } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_AUTH, basicAuth } from '../../test/support.ts';
import { registerInvestor, startAffiliateHarness, type AffiliateHarness } from '../../test/affiliates-harness.ts';

describe('the admin reviewing affiliates and their reported sales', () => {
  let harness: AffiliateHarness;
  let log: AffiliateLog;
  let ada: RegisteredAffiliate;
  let bola: RegisteredAffiliate;
  let cara: RegisteredAffiliate;
  const sales = {} as Record<'adaVerified' | 'adaSecond' | 'adaRejected' | 'adaPending' | 'bolaPending', ReportedSale>;
  let rejection: RejectedSale;
  let verification: VerifiedSale;

  const admin = (url: string, headers: Record<string, string> = ADMIN_AUTH) => harness.app.inject({ url, headers });

  beforeAll(async () => {
    harness = await startAffiliateHarness(inject('pgAdminUrl'));
    log = affiliateLog(harness.eventStore);
    ada = await log.register({ userId: randomUUID(), fullName: 'Ada Obi' });
    bola = await log.register({ userId: randomUUID(), fullName: 'Bola Ade' });
    cara = await log.register({ userId: randomUUID(), fullName: 'Cara Eze' });
    sales.adaVerified = await log.report({ affiliate: ada, amountPaid: 3_500_000 });
    sales.adaSecond = await log.report({ affiliate: ada, amountPaid: 7_000_001, acres: 2 });
    sales.adaRejected = await log.report({ affiliate: ada, acres: 4 });
    sales.adaPending = await log.report({ affiliate: ada, acres: 0.5 });
    sales.bolaPending = await log.report({ affiliate: bola, acres: 1.5, clientName: 'Emeka Nwosu' });
    verification = await log.verify({
      sale: sales.adaVerified,
      verifiedSaleNumber: 1,
      verifiedBy: 'ops-admin',
      notes: 'Receipt matches',
    });
    await log.verify({ sale: sales.adaSecond, verifiedSaleNumber: 2 });
    rejection = await log.reject({ sale: sales.adaRejected, notes: 'Duplicate report', rejectedBy: 'ops-admin' });
    harness.startProjector();
    await harness.settle(rejection.position);
  });
  afterAll(async () => harness?.close());

  it('answers 401 without admin credentials, with wrong ones, and to a user session, before reading the query', async () => {
    const user = await registerInvestor(harness, { email: 'someone@example.ng' });
    for (const url of ['/api/admin/affiliates', '/api/admin/affiliate-sales', '/api/admin/affiliate-sales?status=bogus']) {
      const attempts: Record<string, string>[] = [{}, { authorization: basicAuth('admin', 'wrong') }, { cookie: user.cookie }];
      for (const headers of attempts) {
        const response = await admin(url, headers);
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it('lists affiliates newest first with their sales in figures', async () => {
    const response = await admin('/api/admin/affiliates');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = AdminAffiliatesResponseSchema.parse(response.json());
    expect(body.total).toBe(3);
    expect(body.affiliates.map((affiliate) => affiliate.id)).toEqual([cara.affiliateId, bola.affiliateId, ada.affiliateId]);
    const figures = body.affiliates.map(
      ({ fullName, referralCode, totalSales, verifiedSales, pendingSales, rejectedSales, totalCommissions }) => ({
        fullName,
        referralCode,
        totalSales,
        verifiedSales,
        pendingSales,
        rejectedSales,
        totalCommissions,
      }),
    );
    expect(figures).toEqual([
      {
        fullName: 'Cara Eze',
        referralCode: cara.referralCode,
        totalSales: 0,
        verifiedSales: 0,
        pendingSales: 0,
        rejectedSales: 0,
        totalCommissions: 0,
      },
      {
        fullName: 'Bola Ade',
        referralCode: bola.referralCode,
        totalSales: 1,
        verifiedSales: 0,
        pendingSales: 1,
        rejectedSales: 0,
        totalCommissions: 0,
      },
      // 5% of 3,500,000 and of 7,000,001 (350,000.05 rounds to 350,000).
      {
        fullName: 'Ada Obi',
        referralCode: ada.referralCode,
        totalSales: 3,
        verifiedSales: 2,
        pendingSales: 1,
        rejectedSales: 1,
        totalCommissions: 525_000,
      },
    ]);
    expect(body.affiliates[2]).toMatchObject({ bankName: 'Access Bank', accountNumber: '0123456789', commissionRate: 5 });
  });

  it('pages the affiliates with limit and offset, the total over all of them', async () => {
    const body = (await admin('/api/admin/affiliates?limit=1&offset=1')).json();
    expect({ total: body.total, ids: body.affiliates.map((affiliate: { id: string }) => affiliate.id) }).toEqual({
      total: 3,
      ids: [bola.affiliateId],
    });
    const bad = await admin('/api/admin/affiliates?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'limit', message: 'limit must be at least 1' }]);
  });

  it('lists every reported sale newest first with the affiliate’s name and referral code', async () => {
    const body = AdminAffiliateSalesResponseSchema.parse((await admin('/api/admin/affiliate-sales')).json());
    expect(body.total).toBe(5);
    expect(body.sales.map((sale) => [sale.id, sale.status, sale.affiliateName, sale.referralCode])).toEqual([
      [sales.bolaPending.saleId, 'pending', 'Bola Ade', bola.referralCode],
      [sales.adaPending.saleId, 'pending', 'Ada Obi', ada.referralCode],
      [sales.adaRejected.saleId, 'rejected', 'Ada Obi', ada.referralCode],
      [sales.adaSecond.saleId, 'verified', 'Ada Obi', ada.referralCode],
      [sales.adaVerified.saleId, 'verified', 'Ada Obi', ada.referralCode],
    ]);
    expect((await admin('/api/admin/affiliate-sales?status=all')).json()).toEqual(body);
  });

  it('filters the sales by status, with how each was decided', async () => {
    const list = async (status: string) =>
      AdminAffiliateSalesResponseSchema.parse((await admin(`/api/admin/affiliate-sales?status=${status}`)).json());
    const pending = await list('pending');
    expect({ total: pending.total, ids: pending.sales.map((sale) => sale.id) }).toEqual({
      total: 2,
      ids: [sales.bolaPending.saleId, sales.adaPending.saleId],
    });
    expect(pending.sales[0]).toMatchObject({
      clientName: 'Emeka Nwosu',
      acresPurchased: 1.5,
      affiliateId: bola.affiliateId,
      affiliateUserId: bola.userId,
      verifiedBy: null,
    });

    const verified = await list('verified');
    expect(verified.sales.map((sale) => sale.id)).toEqual([sales.adaSecond.saleId, sales.adaVerified.saleId]);
    expect(verified.sales[1]).toMatchObject({
      verifiedBy: 'ops-admin',
      verifiedAt: verification.verifiedAt,
      notes: 'Receipt matches',
      commissionRate: 5,
      computedCommission: 175_000,
      rejectedAt: null,
    });

    const rejected = await list('rejected');
    expect(rejected.total).toBe(1);
    expect(rejected.sales[0]).toMatchObject({
      id: sales.adaRejected.saleId,
      notes: 'Duplicate report',
      rejectedBy: 'ops-admin',
      rejectedAt: rejection.rejectedAt,
      verifiedAt: null,
      computedCommission: null,
    });

    const paged = (await admin('/api/admin/affiliate-sales?status=pending&limit=1&offset=1')).json();
    expect({ total: paged.total, ids: paged.sales.map((sale: { id: string }) => sale.id) }).toEqual({
      total: 2,
      ids: [sales.adaPending.saleId],
    });
  });

  it('pages affiliates and sales with keyset cursors, forwards and from the last page', async () => {
    const walk = async (url: string, key: 'affiliates' | 'sales') => {
      const idsOf = (body: Record<string, { id: string }[]>) => (body[key] ?? []).map((row) => row.id);
      const all = idsOf((await admin(url)).json());
      const forwards: string[] = [];
      let body = (await admin(`${url}&limit=1`)).json();
      const lastCursor: string = body.lastCursor;
      for (;;) {
        forwards.push(...idsOf(body));
        if (!body.nextCursor) break;
        body = (await admin(`${url}&limit=1&cursor=${body.nextCursor}`)).json();
      }
      expect(forwards).toEqual(all);
      const backwards: string[] = [];
      body = (await admin(`${url}&limit=1&cursor=${lastCursor}`)).json();
      for (;;) {
        backwards.unshift(...idsOf(body));
        if (!body.prevCursor) break;
        body = (await admin(`${url}&limit=1&cursor=${body.prevCursor}`)).json();
      }
      expect(backwards).toEqual(all);
      return all;
    };
    expect(await walk('/api/admin/affiliates?', 'affiliates')).toHaveLength(3);
    expect(await walk('/api/admin/affiliate-sales?', 'sales')).toHaveLength(5);
    expect(await walk('/api/admin/affiliate-sales?status=pending', 'sales')).toHaveLength(2);
    for (const url of ['/api/admin/affiliates', '/api/admin/affiliate-sales']) {
      const bad = await admin(`${url}?cursor=bad!`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toContainEqual(expect.objectContaining({ field: 'cursor' }));
    }
  });

  it('answers 400 naming status for an unknown status', async () => {
    const response = await admin('/api/admin/affiliate-sales?status=approved');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'status', message: 'status must be pending, verified, rejected or all' }]);
  });
});
