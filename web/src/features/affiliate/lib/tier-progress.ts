import { COMMISSION_TIERS, getCommissionRateBps } from '@acres/contracts/commission';

export type TierProgress = {
  /** The rate the affiliate's next verified sale earns. */
  nextSaleRateBps: number;
  /** The next higher tier, if any: its rate and how many more verified sales reach it. */
  upcoming: { rateBps: number; fromVerifiedSale: number; salesToGo: number } | null;
};

/** DESIGN 9: the n-th verified sale earns getCommissionRateBps(n); a tier applies from the sale that reaches it. */
export function tierProgress(verifiedSales: number): TierProgress {
  const done = Math.max(0, Math.floor(Number.isFinite(verifiedSales) ? verifiedSales : 0));
  const tier = COMMISSION_TIERS.find((t) => t.fromVerifiedSale > done + 1);
  return {
    nextSaleRateBps: getCommissionRateBps(done + 1),
    upcoming: tier
      ? { rateBps: tier.rateBps, fromVerifiedSale: tier.fromVerifiedSale, salesToGo: tier.fromVerifiedSale - done }
      : null,
  };
}
