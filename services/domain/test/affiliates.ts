import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import type { AffiliateEvent, AffiliateRegistered, SaleRejected, SaleReported, SaleVerified } from '../src/affiliates/state.ts';
import type { RegisterAffiliate, ReportSale } from '../src/affiliates/commands.ts';

export const NOW = new Date('2026-06-10T09:00:00.000Z');
export const AFFILIATE_ID = '5a5f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f06';
export const USER_ID = '3e3f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f04';

/** Distinct, valid sale ids: sale 1, sale 2, … */
export const saleId = (n: number) => `6b6f6a8e-5c1d-4e8a-9f3b-${n.toString(16).padStart(12, '0')}`;

export const registerCommand = (overrides: Partial<RegisterAffiliate> = {}): RegisterAffiliate => ({
  type: 'RegisterAffiliate',
  affiliateId: AFFILIATE_ID,
  userId: USER_ID,
  email: 'tunde@example.com',
  referralCode: 'TNDE7K2M',
  profile: {
    fullName: 'Tunde Bakare',
    companyName: '',
    phone: '08031234567',
    bankName: 'Zenith Bank',
    accountNumber: '0123456789',
    accountName: 'Tunde Bakare',
    marketingExperience: 'beginner',
    marketingChannels: 'WhatsApp groups and church network',
  },
  now: NOW,
  ...overrides,
});

/** The sample registration (SAMPLE_EVENT_DATA) as this affiliate's: its code, its channels and the day it joined. */
export const registered = (overrides: Partial<AffiliateRegistered['data']> = {}): AffiliateRegistered => ({
  type: 'AffiliateRegistered',
  data: {
    ...SAMPLE_EVENT_DATA.AffiliateRegistered,
    affiliateId: AFFILIATE_ID,
    userId: USER_ID,
    marketingChannels: 'WhatsApp groups and church network',
    referralCode: 'TNDE7K2M',
    joinedAt: NOW.toISOString(),
    ...overrides,
  },
});

export const reportCommand = (n: number, overrides: Partial<ReportSale['sale']> = {}): ReportSale => ({
  type: 'ReportSale',
  saleId: saleId(n),
  sale: {
    clientName: 'Ngozi Eze',
    clientPhone: '08091234567',
    acres: 1,
    amountPaid: 1_000_000,
    paymentPlan: 'outright',
    transactionDate: '2026-06-01',
    ...overrides,
  },
  now: NOW,
});

export const reported = (n: number, overrides: Partial<SaleReported['data']> = {}): SaleReported => ({
  type: 'SaleReported',
  data: {
    saleId: saleId(n),
    affiliateId: AFFILIATE_ID,
    clientName: 'Ngozi Eze',
    clientPhone: '08091234567',
    clientEmail: null,
    acres: 1,
    amountPaid: 1_000_000,
    paymentPlan: 'outright',
    transactionDate: '2026-06-01',
    reportedAt: NOW.toISOString(),
    ...overrides,
  },
});

export const verified = (n: number, verifiedSaleNumber: number, rateBps: number, commission: number): SaleVerified => ({
  type: 'SaleVerified',
  data: {
    saleId: saleId(n),
    affiliateId: AFFILIATE_ID,
    verifiedSaleNumber,
    commissionRateBps: rateBps,
    computedCommission: commission,
    notes: '',
    verifiedBy: 'reviewer',
    verifiedAt: NOW.toISOString(),
  },
});

export const rejected = (n: number): SaleRejected => ({
  type: 'SaleRejected',
  data: {
    saleId: saleId(n),
    affiliateId: AFFILIATE_ID,
    notes: 'No receipt',
    rejectedBy: 'reviewer',
    rejectedAt: NOW.toISOString(),
  },
});

/**
 * A registered affiliate with `count` sales of ₦1,000,000 reported and verified in
 * order, with the events the decider itself writes (tier events included).
 */
export const historyWithVerifiedSales = (count: number): AffiliateEvent[] => {
  const events: AffiliateEvent[] = [registered()];
  for (let n = 1; n <= count; n += 1) {
    const rate = n >= 25 ? 1000 : n >= 10 ? 750 : 500;
    events.push(reported(n), verified(n, n, rate, (1_000_000 * rate) / 10_000));
    if (n === 10 || n === 25) {
      events.push({
        type: 'CommissionTierReached',
        data: { affiliateId: AFFILIATE_ID, rateBps: rate, verifiedSales: n, reachedAt: NOW.toISOString() },
      });
    }
  }
  return events;
};
