import { describe, it, expect } from 'vitest';
import {
  CALCULATOR_ACRES,
  COMMISSION_TIERS,
  COMMITMENT_LABELS,
  COMMITMENTS,
  FAQ_ITEMS,
  LEAD_ACRES,
  NIGERIAN_BANKS,
  PAYMENT_ACRES,
  RETAIL_PRICE_PER_ACRE,
  SAVINGS_PER_ACRE,
  WHOLESALE_PRICE_PER_ACRE,
  bpsToPercent,
  getCommissionRateBps,
  percentToBps,
} from './constants.ts';

describe('prices', () => {
  it('shows savings as retail minus wholesale', () => {
    expect(RETAIL_PRICE_PER_ACRE - WHOLESALE_PRICE_PER_ACRE).toBe(SAVINGS_PER_ACRE);
  });

  it('keeps the 20-acre minimum at ₦70M wholesale', () => {
    expect(20 * WHOLESALE_PRICE_PER_ACRE).toBe(70_000_000);
  });
});

describe('acre limits', () => {
  it('keeps every default within its bounds', () => {
    expect(CALCULATOR_ACRES.default).toBeGreaterThanOrEqual(CALCULATOR_ACRES.min);
    expect(CALCULATOR_ACRES.default).toBeLessThanOrEqual(CALCULATOR_ACRES.max);
    expect(PAYMENT_ACRES.default).toBeGreaterThanOrEqual(PAYMENT_ACRES.min);
    expect(LEAD_ACRES).toEqual({ min: 1, max: 200 });
  });
});

describe('getCommissionRateBps', () => {
  it.each([
    [1, 500],
    [9, 500],
    [10, 750],
    [11, 750],
    [24, 750],
    [25, 1000],
    [26, 1000],
    [1000, 1000],
  ])('gives the %i-th verified sale %i bps', (n, bps) => {
    expect(getCommissionRateBps(n)).toBe(bps);
  });

  it('falls back to the standard rate for counts below 1 or not numbers', () => {
    expect(getCommissionRateBps(0)).toBe(500);
    expect(getCommissionRateBps(-3)).toBe(500);
    expect(getCommissionRateBps(Number.NaN)).toBe(500);
  });

  it('agrees with the published tiers', () => {
    for (const tier of COMMISSION_TIERS) {
      expect(getCommissionRateBps(tier.fromVerifiedSale)).toBe(tier.rateBps);
    }
    expect(COMMISSION_TIERS.map((tier) => bpsToPercent(tier.rateBps))).toEqual([5, 7.5, 10]);
  });

  it('converts percent and basis points', () => {
    expect(percentToBps(7.5)).toBe(750);
    expect(percentToBps(5)).toBe(500);
    expect(bpsToPercent(1000)).toBe(10);
  });
});

describe('commitments', () => {
  it("labels '7 days' as 'Within 7 days'", () => {
    expect(COMMITMENT_LABELS['7 days']).toBe('Within 7 days');
    expect(Object.keys(COMMITMENT_LABELS)).toEqual([...COMMITMENTS]);
  });
});

describe('NIGERIAN_BANKS', () => {
  it('lists 22 distinct banks', () => {
    expect(NIGERIAN_BANKS).toHaveLength(22);
    expect(new Set(NIGERIAN_BANKS).size).toBe(22);
    for (const bank of NIGERIAN_BANKS) expect(bank.trim().length).toBeGreaterThanOrEqual(2);
  });
});

describe('FAQ_ITEMS', () => {
  it('has six answered questions', () => {
    expect(FAQ_ITEMS).toHaveLength(6);
    for (const item of FAQ_ITEMS) {
      expect(item.question.endsWith('?')).toBe(true);
      expect(item.answer.length).toBeGreaterThan(20);
    }
  });

  it('covers the SPEC topics in order', () => {
    const answers = FAQ_ITEMS.map((item) => item.answer);
    expect(answers[0]).toMatch(/20 acres/);
    expect(answers[0]).toMatch(/₦70M/);
    expect(answers[1]).toMatch(/45-60 days/);
    for (const part of [
      'title verification',
      'survey plans',
      'environmental assessment',
      'zoning confirmation',
      'development potential analysis',
    ]) {
      expect(answers[2]).toContain(part);
    }
    expect(answers[3]).toMatch(/individual title/i);
    expect(answers[3]).toMatch(/exit rights/);
    expect(answers[4]).toMatch(/regulated escrow account until title transfer/);
    expect(answers[5]).toMatch(/full refund/);
    expect(answers[5]).toMatch(/no fees or penalties for cancellation beyond your control/);
  });
});
