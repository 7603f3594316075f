// Shared set-up of the affiliate read tests: the read harness, with a clock the statement
// routes read (the future-month rule).

import { startReadHarness, type ReadHarness } from './read-harness.ts';

export { registerInvestor, type Investor } from './payments-harness.ts';

export type AffiliateHarness = ReadHarness;

export const startAffiliateHarness = (adminUrl: string, options: { now?: () => Date } = {}): Promise<AffiliateHarness> =>
  startReadHarness(adminUrl, { readYourWritesMs: 3000, ...options });

/** How a verified sale's commission reads before any payout takes it: its rate and amount, nothing paid. */
export const verifiedUnpaid = (commissionRate: number, computedCommission: number) => ({
  commissionRate,
  computedCommission,
  commissionStatus: 'verified' as const,
  payoutReference: null,
  transferReference: null,
  paidAt: null,
});
