// Commission rates are basis points (DESIGN 9): 7.5% is not an integer percent.
// A tier applies from the verified sale that reaches it, so the 10th verified sale
// already earns 7.5%.

export type CommissionTier = {
  /** 1-based number of the verified sale from which this rate applies. */
  fromVerifiedSale: number;
  rateBps: number;
  label: string;
};

export const COMMISSION_TIERS: readonly CommissionTier[] = [
  { fromVerifiedSale: 1, rateBps: 500, label: 'Standard' },
  { fromVerifiedSale: 10, rateBps: 750, label: '10+ sales' },
  { fromVerifiedSale: 25, rateBps: 1000, label: '25+ sales' },
];

export const DEFAULT_COMMISSION_RATE_BPS = 500;

/**
 * Rate for the n-th verified sale (1-based). Values below 1 or non-finite values
 * fall back to the standard rate rather than throwing: the caller's count is the
 * source of truth and a bad count must not break commission maths.
 */
export function getCommissionRateBps(verifiedSaleNumber: number): number {
  let rate = DEFAULT_COMMISSION_RATE_BPS;
  if (!Number.isFinite(verifiedSaleNumber)) return rate;
  for (const tier of COMMISSION_TIERS) {
    if (verifiedSaleNumber >= tier.fromVerifiedSale) rate = tier.rateBps;
  }
  return rate;
}

/** 750 → 7.5 */
export function bpsToPercent(rateBps: number): number {
  return rateBps / 100;
}

/** 7.5 → 750 (rounded to a whole basis point) */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}
