// What every affiliate read shares: the projections it waits for and its 404.

import { DomainError } from '@acres/contracts/errors';
import type { Pool } from '@acres/platform';
import { requireUser } from '@acres/platform/sessions';
import { AFFILIATE_SALES } from '@acres/read-models/affiliate-sales';
import { AFFILIATES } from '@acres/read-models/affiliates';
import { SUBSCRIPTIONS } from '@acres/read-models/applications';
import { LEADS } from '@acres/read-models/leads';
import { hasAffiliateProfile } from '@acres/read-models/affiliates-queries';
import type { RouteDeps } from '../shared/route-types.ts';

// Checkpoint names from the read-model definitions the projector keeps its checkpoints
// under. Every affiliate read needs the profile (404 without one); the stats also count
// referred leads and applications.
const affiliates = AFFILIATES.name;
const sales = AFFILIATE_SALES.name;
const leads = LEADS.name;
const subscriptions = SUBSCRIPTIONS.name;

/** The projections each affiliate read waits for when the client sends x-min-position. */
export const AFFILIATE_READS = {
  profile: [affiliates],
  stats: [affiliates, sales, leads, subscriptions],
  sales: [affiliates, sales],
  statement: [affiliates, sales],
  adminAffiliates: [affiliates, sales],
  adminSales: [sales, affiliates],
} as const;

export const AFFILIATE_NOT_FOUND = 'Affiliate profile not found';

/** A signed-in user without an affiliate profile, on any affiliate read. */
export const affiliateNotFound = () => new DomainError('not_found', AFFILIATE_NOT_FOUND);

/**
 * The hooks of the affiliate's own reads: the session first (a stranger gets 401 at once,
 * never a wait), then read-your-writes on the projections of `read`.
 */
export const ownReadHooks = (deps: Pick<RouteDeps, 'freshRead'>, read: keyof typeof AFFILIATE_READS) => ({
  onRequest: requireUser,
  preHandler: deps.freshRead(AFFILIATE_READS[read]),
});

/** What `read` found for the signed-in user, once they are shown to have a profile (404 otherwise). */
export const readOwn = async <T>(pool: Pool, userId: string, read: Promise<T>): Promise<T> => {
  const [registered, found] = await Promise.all([hasAffiliateProfile(pool, userId), read]);
  if (!registered) throw affiliateNotFound();
  return found;
};
