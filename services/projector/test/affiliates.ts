// Test helpers for the affiliate read models (projector and query API integration tests):
// real, schema-checked affiliate events appended to the streams the command API uses.

import { randomUUID } from 'node:crypto';
import { getCommissionRateBps } from '@acres/contracts/commission';
import { createEvent, type EventData } from '@acres/contracts/events';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { computeCommission } from '@acres/contracts/money';
import type { EventStore } from '@acres/eventstore/port';
import { appendEvent, toNewEvent } from './append.ts';
import { nextTime } from './payments.ts';

export { nextTime };

export const affiliateStream = (userId: string) => `affiliate-${userId}`;

let codes = 0;
/** A unique referral code of at most 10 characters. */
export const nextReferralCode = () =>
  `TST${(codes += 1).toString(36).toUpperCase().padStart(4, '0')}${randomUUID().slice(0, 3).toUpperCase()}`;

export type RegisteredAffiliate = EventData<'AffiliateRegistered'> & { position: bigint };

/** AffiliateRegistered on affiliate-{userId} and ReferralCodeClaimed on referral-code-{code}. */
export const registerAffiliate = async (
  eventStore: EventStore,
  input: Partial<EventData<'AffiliateRegistered'>> & { userId: string },
): Promise<RegisteredAffiliate> => {
  const { data } = createEvent('AffiliateRegistered', {
    ...SAMPLE_EVENT_DATA.AffiliateRegistered,
    affiliateId: randomUUID(),
    email: `${input.userId.slice(0, 8)}@example.ng`,
    phone: '+2348031234567',
    bankName: 'Access Bank',
    marketingExperience: 'intermediate',
    marketingChannels: 'WhatsApp groups and church networks',
    referralCode: nextReferralCode(),
    joinedAt: nextTime(),
    ...input,
  });
  const actor = { kind: 'user' as const, id: data.userId };
  const claim = createEvent('ReferralCodeClaimed', {
    code: data.referralCode,
    affiliateId: data.affiliateId,
    userId: data.userId,
    claimedAt: data.joinedAt,
  });
  await appendEvent(eventStore, `referral-code-${data.referralCode}`, { ...claim, actor }, 'no_stream');
  return appendEvent(eventStore, affiliateStream(data.userId), { type: 'AffiliateRegistered', data, actor }, 'no_stream');
};

type AffiliateRef = Pick<EventData<'AffiliateRegistered'>, 'affiliateId' | 'userId'>;

export type ReportedSale = EventData<'SaleReported'> & { userId: string; position: bigint };

/** SaleReported on the affiliate's stream. */
export const reportSale = async (
  eventStore: EventStore,
  input: Partial<EventData<'SaleReported'>> & { affiliate: AffiliateRef },
): Promise<ReportedSale> => {
  const { affiliate, ...overrides } = input;
  const { data } = createEvent('SaleReported', {
    ...SAMPLE_EVENT_DATA.SaleReported,
    saleId: randomUUID(),
    affiliateId: affiliate.affiliateId,
    clientPhone: '+2348059876543',
    clientEmail: null,
    acres: 1,
    amountPaid: 3_500_000,
    transactionDate: '2026-01-15',
    reportedAt: nextTime(),
    ...overrides,
  });
  const actor = { kind: 'user' as const, id: affiliate.userId };
  const reported = await appendEvent(eventStore, affiliateStream(affiliate.userId), { type: 'SaleReported', data, actor });
  return { ...reported, userId: affiliate.userId };
};

export type VerifyInput = {
  sale: Pick<ReportedSale, 'saleId' | 'affiliateId' | 'userId' | 'amountPaid'>;
  /** 1-based number of this verified sale for its affiliate; picks the rate (default 1). */
  verifiedSaleNumber?: number;
  notes?: string;
  verifiedBy?: string;
  verifiedAt?: string;
  /** Leave affiliateId and verifiedSaleNumber out, as an older event may. */
  minimal?: boolean;
};

/**
 * SaleVerified on the affiliate's stream with the rate of its tier and the commission
 * rounded to the naira; at the 10th and 25th verified sale also CommissionTierReached,
 * in the same append, as the command does.
 */
export const verifySale = async (eventStore: EventStore, input: VerifyInput) => {
  const number = input.verifiedSaleNumber ?? 1;
  const rateBps = getCommissionRateBps(number);
  const verifiedAt = input.verifiedAt ?? nextTime();
  const { data } = createEvent('SaleVerified', {
    saleId: input.sale.saleId,
    ...(input.minimal ? {} : { affiliateId: input.sale.affiliateId, verifiedSaleNumber: number }),
    commissionRateBps: rateBps,
    computedCommission: computeCommission(input.sale.amountPaid, rateBps),
    notes: input.notes ?? '',
    verifiedBy: input.verifiedBy ?? 'admin',
    verifiedAt,
  });
  const actor = { kind: 'admin' as const, id: data.verifiedBy };
  const events = [toNewEvent('SaleVerified', data, actor)];
  if (rateBps !== getCommissionRateBps(number - 1) && number > 1) {
    const tier = createEvent('CommissionTierReached', {
      affiliateId: input.sale.affiliateId,
      rateBps,
      verifiedSales: number,
      reachedAt: verifiedAt,
    });
    events.push(toNewEvent('CommissionTierReached', tier.data, actor));
  }
  const result = await eventStore.appendToStream(affiliateStream(input.sale.userId), events, { expectedRevision: 'any' });
  return { ...data, position: result.position };
};

/** SaleRejected on the affiliate's stream. */
export const rejectSale = async (
  eventStore: EventStore,
  input: {
    sale: Pick<ReportedSale, 'saleId' | 'affiliateId' | 'userId'>;
    notes?: string;
    rejectedBy?: string;
    rejectedAt?: string;
  },
) => {
  const { data } = createEvent('SaleRejected', {
    saleId: input.sale.saleId,
    affiliateId: input.sale.affiliateId,
    notes: input.notes ?? '',
    rejectedBy: input.rejectedBy ?? 'admin',
    rejectedAt: input.rejectedAt ?? nextTime(),
  });
  const actor = { kind: 'admin' as const, id: data.rejectedBy };
  return appendEvent(eventStore, affiliateStream(input.sale.userId), { type: 'SaleRejected', data, actor });
};

/** The helpers above on one store, for a spec that writes one log. */
export const affiliateLog = (eventStore: EventStore) => ({
  register: (input: Parameters<typeof registerAffiliate>[1]) => registerAffiliate(eventStore, input),
  report: (input: Parameters<typeof reportSale>[1]) => reportSale(eventStore, input),
  verify: (input: VerifyInput) => verifySale(eventStore, input),
  reject: (input: Parameters<typeof rejectSale>[1]) => rejectSale(eventStore, input),
});

export type VerifiedSale = Awaited<ReturnType<typeof verifySale>>;
export type RejectedSale = Awaited<ReturnType<typeof rejectSale>>;

export type AffiliateLog = ReturnType<typeof affiliateLog>;
