import { describe, expect, it } from 'vitest';
import { tierProgress } from './tier-progress';

describe('tierProgress (DESIGN 9: a tier applies from the sale that reaches it)', () => {
  it.each([
    [0, 500, { rateBps: 750, salesToGo: 10 }],
    [8, 500, { rateBps: 750, salesToGo: 2 }],
    [9, 750, { rateBps: 1000, salesToGo: 16 }],
    [23, 750, { rateBps: 1000, salesToGo: 2 }],
    [24, 1000, null],
    [60, 1000, null],
  ])('after %i verified sales the next earns %i bps', (verified, nextRate, upcoming) => {
    const progress = tierProgress(verified);
    expect(progress.nextSaleRateBps).toBe(nextRate);
    if (upcoming === null) expect(progress.upcoming).toBeNull();
    else expect(progress.upcoming).toMatchObject(upcoming);
  });

  it('reads a nonsense count as none', () => {
    expect(tierProgress(Number.NaN).nextSaleRateBps).toBe(500);
    expect(tierProgress(-3).upcoming?.salesToGo).toBe(10);
  });
});
