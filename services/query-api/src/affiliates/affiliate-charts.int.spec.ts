import { AffiliateChartsSchema } from '@acres/contracts/charts';
import { appendEach, newEvent, registerAffiliate, reportSale, slotReservedData, verifySale } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerInvestor, startAffiliateHarness, type AffiliateHarness, type Investor } from '../../test/affiliates-harness.ts';

// Late on 30 April in UTC is already 1 May in Lagos (UTC+1): the three months shown are
// March, April and May.
const NOW = new Date('2026-04-30T23:30:00.000Z');

describe('GET /api/affiliate/charts: referred leads and commission per Lagos month', () => {
  let harness: AffiliateHarness;
  let ada: Investor;
  let stranger: Investor;
  const commissions = { march: 0, april: 0, may: 0 };

  const get = (url: string, who: Investor) => harness.app.inject({ url, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    harness = await startAffiliateHarness(inject('pgAdminUrl'), { now: () => NOW });
    const store = harness.eventStore;
    ada = await registerInvestor(harness, { email: 'ada@example.ng', firstName: 'Ada' });
    const bola = await registerInvestor(harness, { email: 'bola@example.ng', firstName: 'Bola' });
    stranger = await registerInvestor(harness, { email: 'stranger@example.ng' });
    const adaProfile = await registerAffiliate(store, { userId: ada.id, email: ada.email });
    const bolaProfile = await registerAffiliate(store, { userId: bola.id, email: bola.email });
    const lead = (n: number, referralCode: string, reservedAt: string) =>
      newEvent('SlotReserved', slotReservedData(n, { referralCode, reservedAt }));
    await appendEach(store, [
      lead(1, adaProfile.referralCode, '2026-02-28T22:59:00.000Z'), // 28 February 23:59 in Lagos: before the window
      lead(2, adaProfile.referralCode, '2026-03-15T10:00:00.000Z'),
      lead(3, adaProfile.referralCode, '2026-03-31T23:30:00.000Z'), // 1 April 00:30 in Lagos
      lead(4, adaProfile.referralCode, '2026-04-10T10:00:00.000Z'),
      lead(5, adaProfile.referralCode, '2026-04-30T23:10:00.000Z'), // 1 May in Lagos
      lead(6, bolaProfile.referralCode, '2026-04-10T10:00:00.000Z'), // someone else's referral
    ]);
    let number = 0;
    const verified = async (amountPaid: number, verifiedAt: string) => {
      const sale = await reportSale(store, { affiliate: adaProfile, amountPaid });
      return verifySale(store, { sale, verifiedSaleNumber: (number += 1), verifiedAt });
    };
    commissions.march += (await verified(3_500_000, '2026-03-15T10:00:00.000Z')).computedCommission;
    commissions.april += (await verified(7_000_000, '2026-03-31T23:00:00.000Z')).computedCommission;
    commissions.april += (await verified(1_750_000, '2026-04-30T22:59:59.000Z')).computedCommission;
    commissions.may += (await verified(10_500_000, '2026-04-30T23:00:00.000Z')).computedCommission;
    await reportSale(store, { affiliate: adaProfile, amountPaid: 35_000_000 }); // pending: no commission yet
    const bolaSale = await reportSale(store, { affiliate: bolaProfile, amountPaid: 3_500_000 });
    const head = (await verifySale(store, { sale: bolaSale, verifiedAt: '2026-04-10T10:00:00.000Z' })).position;
    harness.startProjector();
    await harness.settle(head);
  });
  afterAll(async () => harness?.close());

  it('counts the affiliate’s own referred leads and verified commission by Lagos month', async () => {
    const response = await get('/api/affiliate/charts?months=3', ada);
    expect(response.statusCode, response.body).toBe(200);
    expect(commissions).toEqual({ march: 175_000, april: 437_500, may: 525_000 });
    expect(AffiliateChartsSchema.parse(response.json())).toEqual({
      timeZone: 'Africa/Lagos',
      months: [
        { month: '2026-03', referredLeads: 1, commission: commissions.march },
        { month: '2026-04', referredLeads: 2, commission: commissions.april },
        { month: '2026-05', referredLeads: 1, commission: commissions.may },
      ],
    });
  });

  it('shows 12 months by default, empty ones as zeros', async () => {
    const { months } = AffiliateChartsSchema.parse((await get('/api/affiliate/charts', ada)).json());
    expect(months.map((entry) => entry.month)).toEqual([
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
    expect(months[8]).toEqual({ month: '2026-02', referredLeads: 1, commission: 0 });
  });

  it('answers 401 without a session, 404 without a profile and 400 for months out of range', async () => {
    expect((await harness.app.inject({ url: '/api/affiliate/charts' })).statusCode).toBe(401);
    expect((await get('/api/affiliate/charts', stranger)).statusCode).toBe(404);
    for (const months of ['0', '25', 'x'])
      expect((await get(`/api/affiliate/charts?months=${months}`, ada)).statusCode).toBe(400);
  });
});
