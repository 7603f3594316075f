import { AffiliateSchema } from '@acres/contracts/affiliate';
import { AffiliateStatsSchema, SalesResponseSchema } from '@acres/contracts/sale';
import { affiliateLog } from '../../test/projector.ts';
import type { AffiliateLog, RegisteredAffiliate, ReportedSale } from '../../test/projector.ts';
import { appendEach, applicationSubmittedData, newEvent, slotReservedData } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_AUTH } from '../../test/support.ts';
import { registerInvestor, startAffiliateHarness, verifiedUnpaid } from '../../test/affiliates-harness.ts';
import type { AffiliateHarness, Investor } from '../../test/affiliates-harness.ts';

const OWN_URLS = [
  '/api/affiliate/profile',
  '/api/affiliate/stats',
  '/api/affiliate/sales',
  '/api/affiliate/statements?month=2026-03',
  '/api/affiliate/statements.csv?month=2026-03',
];

describe('affiliates reading their profile, stats and sales', () => {
  let harness: AffiliateHarness;
  let log: AffiliateLog;
  let ada: Investor;
  let bola: Investor;
  let newcomer: Investor;
  let adaProfile: RegisteredAffiliate;
  let bolaProfile: RegisteredAffiliate;
  const sales = {} as Record<'small' | 'verified' | 'pending' | 'rejected', ReportedSale>;
  const commissions: number[] = [];
  let head = 0n;

  const get = (url: string, who?: Investor, headers: Record<string, string> = {}) =>
    harness.app.inject({ url, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });

  beforeAll(async () => {
    harness = await startAffiliateHarness(inject('pgAdminUrl'));
    const store = harness.eventStore;
    log = affiliateLog(store);
    ada = await registerInvestor(harness, { email: 'ada@example.ng', firstName: 'Ada', lastName: 'Obi' });
    bola = await registerInvestor(harness, { email: 'bola@example.ng', firstName: 'Bola', lastName: 'Ade' });
    newcomer = await registerInvestor(harness, { email: 'new@example.ng' });
    adaProfile = await log.register({
      userId: ada.id,
      email: ada.email,
      fullName: 'Ada Obi',
      companyName: 'Obi Realty',
    });
    bolaProfile = await log.register({ userId: bola.id, email: bola.email, fullName: 'Bola Ade' });
    sales.small = await log.report({ affiliate: adaProfile, acres: 0.5, amountPaid: 1_750_001 });
    sales.verified = await log.report({
      affiliate: adaProfile,
      acres: 1.5,
      amountPaid: 5_250_000,
      paymentPlan: 'installment',
    });
    sales.rejected = await log.report({ affiliate: adaProfile, acres: 4, amountPaid: 14_000_000 });
    sales.pending = await log.report({
      affiliate: adaProfile,
      acres: 2.5,
      amountPaid: 8_750_000,
      clientName: 'Chidi Okeke',
    });
    commissions.push((await log.verify({ sale: sales.small, verifiedSaleNumber: 1 })).computedCommission);
    commissions.push(
      (await log.verify({ sale: sales.verified, verifiedSaleNumber: 2, notes: 'Escrow receipt matches' })).computedCommission,
    );
    await log.reject({ sale: sales.rejected, notes: 'No payment in escrow' });
    // Referrals: two of Ada's leads, one of Bola's, one unattributed; one application of Ada's.
    await appendEach(store, [
      newEvent('SlotReserved', slotReservedData(1, { referralCode: adaProfile.referralCode })),
      newEvent('SlotReserved', slotReservedData(2, { referralCode: adaProfile.referralCode })),
      newEvent('SlotReserved', slotReservedData(3, { referralCode: bolaProfile.referralCode })),
      newEvent('SlotReserved', slotReservedData(4, { referralCode: null })),
      newEvent('ApplicationSubmitted', applicationSubmittedData(1, { referralCode: adaProfile.referralCode })),
      newEvent('ApplicationSubmitted', applicationSubmittedData(2, { referralCode: null })),
    ]);
    head = (await log.report({ affiliate: bolaProfile, acres: 1 })).position;
    harness.startProjector();
    await harness.settle(head);
  });
  afterAll(async () => harness?.close());

  it('answers 401 to every affiliate read without a session, whatever the query', async () => {
    for (const url of [...OWN_URLS, '/api/affiliate/statements?month=nonsense']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, detail: 'Unauthorized' });
    }
    expect((await get('/api/affiliate/profile', undefined, ADMIN_AUTH)).statusCode).toBe(401);
  });

  it('answers 404 to a signed-in user without a profile', async () => {
    for (const url of OWN_URLS) {
      const response = await get(url, newcomer);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: 404, detail: 'Affiliate profile not found' });
    }
  });

  it('shows the affiliate their own profile in the contract shape', async () => {
    const response = await get('/api/affiliate/profile', ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(AffiliateSchema.parse(response.json())).toEqual({
      id: adaProfile.affiliateId,
      userId: ada.id,
      fullName: 'Ada Obi',
      email: 'ada@example.ng',
      phone: adaProfile.phone,
      companyName: 'Obi Realty',
      bankName: 'Access Bank',
      accountNumber: '0123456789',
      accountName: adaProfile.accountName,
      marketingExperience: 'intermediate',
      marketingChannels: adaProfile.marketingChannels,
      commissionRate: 5,
      referralCode: adaProfile.referralCode,
      status: 'active',
      verifiedSales: 2,
      joinedAt: adaProfile.joinedAt,
      updatedAt: expect.any(String),
    });
  });

  it('sums the stats: rejected sales are not sales, commissions only from verified ones', async () => {
    const body = AffiliateStatsSchema.parse((await get('/api/affiliate/stats', ada)).json());
    expect(commissions).toEqual([87_500, 262_500]);
    expect({ ...body, recentSales: body.recentSales.map((sale) => sale.id) }).toEqual({
      totalSales: 3,
      totalAcresSold: 4.5,
      verifiedSales: 2,
      pendingSales: 1,
      totalCommissions: 350_000,
      recentSales: [sales.pending.saleId, sales.rejected.saleId, sales.verified.saleId, sales.small.saleId],
      referredLeads: 2,
      referredApplications: 1,
    });
  });

  it('lists the affiliate’s sales newest first with rate, commission and the admin’s notes', async () => {
    const body = SalesResponseSchema.parse((await get('/api/affiliate/sales', ada)).json());
    expect(body.map((sale) => sale.id)).toEqual([
      sales.pending.saleId,
      sales.rejected.saleId,
      sales.verified.saleId,
      sales.small.saleId,
    ]);
    expect(body[2]).toEqual({
      id: sales.verified.saleId,
      clientName: 'Ngozi Eze',
      clientPhone: '+2348059876543',
      clientEmail: null,
      acresPurchased: 1.5,
      amount: 5_250_000,
      status: 'verified',
      paymentPlan: 'installment',
      transactionDate: '2026-01-15',
      notes: 'Escrow receipt matches',
      reportedAt: sales.verified.reportedAt,
      verifiedAt: expect.any(String),
      ...verifiedUnpaid(5, 262_500),
    });
    expect(body[0]).toMatchObject({
      status: 'pending',
      clientName: 'Chidi Okeke',
      verifiedAt: null,
      commissionRate: null,
      computedCommission: null,
    });
    expect(body[1]).toMatchObject({ status: 'rejected', notes: 'No payment in escrow', computedCommission: null });
  });

  it('shows another affiliate only their own sales, stats and referrals', async () => {
    const bolaSales = (await get('/api/affiliate/sales', bola)).json();
    expect(bolaSales).toHaveLength(1);
    expect(bolaSales[0].id).not.toBe(sales.small.saleId);
    expect((await get('/api/affiliate/stats', bola)).json()).toMatchObject({
      totalSales: 1,
      totalAcresSold: 1,
      verifiedSales: 0,
      pendingSales: 1,
      totalCommissions: 0,
      referredLeads: 1,
      referredApplications: 0,
    });
    expect((await get('/api/affiliate/profile', bola)).json()).toMatchObject({
      userId: bola.id,
      referralCode: bolaProfile.referralCode,
    });
  });

  it('answers 400 naming x-min-position when it is not a position', async () => {
    const response = await get('/api/affiliate/sales', ada, { 'x-min-position': 'soon' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'x-min-position' }] });
  });

  it('shows a sale just reported and a stat just changed when asked with its position', async () => {
    const sale = await log.report({ affiliate: bolaProfile, acres: 3.5 });
    const headers = { 'x-min-position': sale.position.toString() };
    const list = await get('/api/affiliate/sales', bola, headers);
    expect(list.headers['x-read-model-stale']).toBeUndefined();
    expect(list.json()[0].id).toBe(sale.saleId);
    const verification = await log.verify({ sale, verifiedSaleNumber: 1 });
    const stats = await get('/api/affiliate/stats', bola, { 'x-min-position': verification.position.toString() });
    expect(stats.headers['x-read-model-stale']).toBeUndefined();
    expect(stats.json()).toMatchObject({
      totalSales: 2,
      totalAcresSold: 4.5,
      verifiedSales: 1,
      totalCommissions: verification.computedCommission,
    });
    const profile = await get('/api/affiliate/profile', bola, { 'x-min-position': verification.position.toString() });
    expect(profile.json()).toMatchObject({ verifiedSales: 1 });
  });

  it('shows a profile registered a moment ago when asked with its position', async () => {
    const profile = await log.register({ userId: newcomer.id, email: newcomer.email });
    const response = await get('/api/affiliate/profile', newcomer, { 'x-min-position': profile.position.toString() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: profile.affiliateId, referralCode: profile.referralCode });
    expect((await get('/api/affiliate/sales', newcomer)).json()).toEqual([]);
  });
});
