import { describe, expect, it } from 'vitest';
import { computeCommission, parseEvent } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import type { RejectSale, VerifySale } from './commands.ts';
import { affiliateDecider, decideAffiliate } from './decider.ts';
import { SALE_NOT_FOUND_MESSAGE } from './messages.ts';
import { evolveAffiliate, initialAffiliateState, type AffiliateEvent } from './state.ts';
import {
  AFFILIATE_ID,
  historyWithVerifiedSales,
  NOW,
  registered,
  rejected,
  reported,
  saleId,
  verified,
} from '../../test/affiliates.ts';

const given = givenFor(affiliateDecider);

const verify = (n: number, overrides: Partial<VerifySale> = {}): VerifySale => ({
  type: 'VerifySale',
  saleId: saleId(n),
  notes: '',
  decidedBy: 'reviewer',
  now: NOW,
  ...overrides,
});
const reject = (n: number): RejectSale => ({
  type: 'RejectSale',
  saleId: saleId(n),
  notes: 'No receipt',
  decidedBy: 'reviewer',
  now: NOW,
});

const tierReached = (rateBps: number, verifiedSales: number): AffiliateEvent => ({
  type: 'CommissionTierReached',
  data: { affiliateId: AFFILIATE_ID, rateBps, verifiedSales, reachedAt: NOW.toISOString() },
});

/** `verifiedBefore` verified sales, then one more pending sale (number 100) of `amount`. */
const withPendingSale = (verifiedBefore: number, amount = 1_000_000) => [
  ...historyWithVerifiedSales(verifiedBefore),
  reported(100, { amountPaid: amount }),
];

describe('verifying a pending sale at each tier boundary', () => {
  it.each([
    [1, 500, []],
    [9, 500, []],
    [10, 750, [tierReached(750, 10)]],
    [11, 750, []],
    [24, 750, []],
    [25, 1000, [tierReached(1000, 25)]],
    [26, 1000, []],
  ])('the verified sale number %i earns %i bps', (n, rate, tierEvents) => {
    given(withPendingSale(n - 1))
      .when(verify(100))
      .then([verified(100, n, rate, (1_000_000 * rate) / 10_000), ...tierEvents]);
  });

  it('produces events the catalogue accepts', () => {
    const state = withPendingSale(9).reduce(evolveAffiliate, initialAffiliateState);
    const events = decideAffiliate(verify(100), state);
    expect(events.map((event) => parseEvent(event.type, event.data))).toEqual(events);
  });

  it('keeps the notes and who verified', () => {
    given(withPendingSale(0))
      .when(verify(100, { notes: 'Receipt checked', decidedBy: 'ops' }))
      .then([
        {
          ...verified(100, 1, 500, 50_000),
          data: { ...verified(100, 1, 500, 50_000).data, notes: 'Receipt checked', verifiedBy: 'ops' },
        },
      ]);
  });
});

describe('commission rounded to the naira', () => {
  it.each([
    // amount, rate, exact commission, rounded
    [1_234_567, 750, 92_592.525, 92_593],
    [1_010, 500, 50.5, 51],
    [1_030, 500, 51.5, 52],
    [1_001, 500, 50.05, 50],
    [1_002, 750, 75.15, 75],
    [1_234_566, 750, 92_592.45, 92_592],
    [1_234_565, 1000, 123_456.5, 123_457],
    [3_500_000, 750, 262_500, 262_500],
  ])('₦%i at %i bps is %d → ₦%i', (amount, rate, exact, rounded) => {
    expect((amount * rate) / 10_000).toBeCloseTo(exact, 6);
    expect(computeCommission(amount, rate)).toBe(rounded);
    const verifiedBefore = rate === 500 ? 0 : rate === 750 ? 10 : 25;
    const [event] = decideAffiliate(
      verify(100),
      withPendingSale(verifiedBefore, amount).reduce(evolveAffiliate, initialAffiliateState),
    );
    expect(event).toMatchObject({ type: 'SaleVerified', data: { commissionRateBps: rate, computedCommission: rounded } });
  });
});

describe('rejected sales', () => {
  it('are recorded with the notes and who rejected', () => {
    given([registered(), reported(1)])
      .when(reject(1))
      .then([rejected(1)]);
  });

  it('do not count towards the tiers', () => {
    // 9 verified, then 3 rejected: the next verification is still only the 10th.
    const history = [
      ...historyWithVerifiedSales(9),
      reported(50),
      rejected(50),
      reported(51),
      rejected(51),
      reported(52),
      rejected(52),
      reported(100),
    ];
    given(history)
      .when(verify(100))
      .then([verified(100, 10, 750, 75_000), tierReached(750, 10)]);
  });
});

describe('a sale that was already decided', () => {
  it.each([
    ['verified', [reported(1), verified(1, 1, 500, 50_000)], 'This sale has already been verified'],
    ['rejected', [reported(1), rejected(1)], 'This sale has already been rejected'],
  ])('once %s, refuses both verifying and rejecting: 409', (_status, events, message) => {
    given([registered(), ...events])
      .when(verify(1))
      .thenThrows({ code: 'already_decided', message });
    given([registered(), ...events])
      .when(reject(1))
      .thenThrows({ code: 'already_decided', message });
  });

  it('leaves the count where it was, so the next sale earns the rate of its own number', () => {
    const state = [registered(), reported(1), verified(1, 1, 500, 50_000)].reduce(evolveAffiliate, initialAffiliateState);
    expect(state).toMatchObject({ verifiedCount: 1 });
    expect(() => decideAffiliate(verify(1), state)).toThrow();
    expect(state).toMatchObject({ verifiedCount: 1 });
  });
});

describe('a sale id that is not in the stream', () => {
  it('is not found, for verifying and rejecting alike', () => {
    given([registered(), reported(1)])
      .when(verify(2))
      .thenThrows({ code: 'not_found', message: SALE_NOT_FOUND_MESSAGE });
    given([registered(), reported(1)])
      .when(reject(2))
      .thenThrows({ code: 'not_found', message: SALE_NOT_FOUND_MESSAGE });
  });

  it('is not found in a stream without a profile', () => {
    given([]).when(verify(1)).thenThrows({ code: 'not_found', message: SALE_NOT_FOUND_MESSAGE });
  });
});

describe('the affiliate after a tier is reached', () => {
  it('carries the new rate and the verified count', () => {
    const state = historyWithVerifiedSales(25).reduce(evolveAffiliate, initialAffiliateState);
    expect(state).toMatchObject({ verifiedCount: 25, commissionRateBps: 1000 });
  });
});
