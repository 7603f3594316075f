// Shared set-up of the affiliate read tests: the read harness, with a clock the statement
// routes read (the future-month rule).

import { startReadHarness, type ReadHarness } from './read-harness.ts';

export { registerInvestor, type Investor } from './payments-harness.ts';

export type AffiliateHarness = ReadHarness;

export const startAffiliateHarness = (adminUrl: string, options: { now?: () => Date } = {}): Promise<AffiliateHarness> =>
  startReadHarness(adminUrl, { readYourWritesMs: 3000, ...options });
