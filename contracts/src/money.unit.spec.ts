import { describe, it, expect } from 'vitest';
import {
  computeCommission,
  computeReturns,
  computeSubscriptionValue,
  formatMillions,
  formatNaira,
  millionsToNaira,
  nairaToMillions,
} from './money.ts';

describe('formatNaira', () => {
  it.each([
    [0, '₦0'],
    [1, '₦1'],
    [999, '₦999'],
    [1000, '₦1,000'],
    [500_000, '₦500,000'],
    [3_500_000, '₦3,500,000'],
    [700_000_000, '₦700,000,000'],
    [1_234_567_890, '₦1,234,567,890'],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatNaira(amount)).toBe(expected);
  });

  it('rounds to the naira, never showing decimals', () => {
    expect(formatNaira(1499.5)).toBe('₦1,500');
    expect(formatNaira(1499.49)).toBe('₦1,499');
    expect(formatNaira(0.4)).toBe('₦0');
  });

  it('puts the minus sign before the naira sign', () => {
    expect(formatNaira(-3_500_000)).toBe('-₦3,500,000');
    expect(formatNaira(-1500.6)).toBe('-₦1,501');
  });

  it('never shows a negative zero', () => {
    expect(formatNaira(-0.2)).toBe('₦0');
    expect(formatNaira(-0)).toBe('₦0');
  });

  it('shows ₦0 for values that are not numbers rather than NaN', () => {
    expect(formatNaira(Number.NaN)).toBe('₦0');
    expect(formatNaira(Number.POSITIVE_INFINITY)).toBe('₦0');
  });
});

describe('formatMillions', () => {
  it.each([
    [3_500_000, '₦3.5M'],
    [70_000_000, '₦70M'],
    [87_500_000, '₦87.5M'],
    [7_500_000, '₦7.5M'],
    [4_000_000, '₦4M'],
    [1_250_000, '₦1.25M'],
    [0, '₦0'],
    [700_000_000, '₦700M'],
    [999_990_000, '₦999.99M'],
    [1_000_000_000, '₦1B'],
    [1_500_000_000, '₦1.5B'],
    [1_750_000_000, '₦1.75B'],
    [2_345_678_901, '₦2.35B'],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatMillions(amount)).toBe(expected);
  });

  it('rounds to two decimals and trims trailing zeros', () => {
    expect(formatMillions(1_234_567)).toBe('₦1.23M');
    expect(formatMillions(1_235_000)).toBe('₦1.24M');
    expect(formatMillions(1_999_999)).toBe('₦2M');
    expect(formatMillions(3_510_000)).toBe('₦3.51M');
    expect(formatMillions(3_500_001)).toBe('₦3.5M');
  });

  it('handles negatives and tiny amounts', () => {
    expect(formatMillions(-3_500_000)).toBe('-₦3.5M');
    expect(formatMillions(-1000)).toBe('₦0');
    expect(formatMillions(Number.NaN)).toBe('₦0');
    expect(formatMillions(-1_500_000_000)).toBe('-₦1.5B');
  });
});

describe('millionsToNaira / nairaToMillions', () => {
  it('converts both ways', () => {
    expect(millionsToNaira(3.5)).toBe(3_500_000);
    expect(millionsToNaira(87.5)).toBe(87_500_000);
    expect(nairaToMillions(87_500_000)).toBe(87.5);
  });

  it('rounds away floating-point noise to whole naira', () => {
    expect(millionsToNaira(0.1 + 0.2)).toBe(300_000);
    expect(millionsToNaira(1.0000001)).toBe(1_000_000);
    expect(Number.isInteger(millionsToNaira(4.35))).toBe(true);
  });
});

describe('computeSubscriptionValue', () => {
  it('is acres times 3,500,000', () => {
    expect(computeSubscriptionValue(0)).toBe(0);
    expect(computeSubscriptionValue(1)).toBe(3_500_000);
    expect(computeSubscriptionValue(20)).toBe(70_000_000);
    expect(computeSubscriptionValue(25)).toBe(87_500_000);
    expect(computeSubscriptionValue(200)).toBe(700_000_000);
  });
});

describe('computeReturns', () => {
  it('gives wholesale, retail and the spread between them', () => {
    expect(computeReturns(25)).toEqual({
      wholesaleValue: 87_500_000,
      retailValue: 187_500_000,
      equitySpread: 100_000_000,
    });
    expect(computeReturns(20)).toEqual({
      wholesaleValue: 70_000_000,
      retailValue: 150_000_000,
      equitySpread: 80_000_000,
    });
  });

  it('spreads 4M per acre', () => {
    for (const acres of [1, 20, 37, 200]) {
      expect(computeReturns(acres).equitySpread).toBe(acres * 4_000_000);
    }
  });
});

describe('computeCommission', () => {
  it('applies basis points', () => {
    expect(computeCommission(3_500_000, 500)).toBe(175_000);
    expect(computeCommission(3_500_000, 750)).toBe(262_500);
    expect(computeCommission(3_500_000, 1000)).toBe(350_000);
    expect(computeCommission(0, 750)).toBe(0);
  });

  it('rounds to the naira', () => {
    expect(computeCommission(1001, 500)).toBe(50); // 50.05
    expect(computeCommission(1010, 500)).toBe(51); // 50.5 rounds up
    expect(computeCommission(1333, 750)).toBe(100); // 99.975
    expect(computeCommission(1001, 750)).toBe(75); // 75.075
    expect(Number.isInteger(computeCommission(123_457, 750))).toBe(true);
  });
});
