// What every affiliate read shares: the projections it waits for and its 404.

import { DomainError } from '@acres/contracts/errors';
import {
  createAffiliateSalesProjection,
  createAffiliatesProjection,
  createLeadsProjection,
  createSubscriptionsProjection,
} from '@acres/projector/projections/index';

// Checkpoint names taken from the projector itself, so a rename there cannot leave a
// read waiting on a checkpoint that never moves. Every affiliate read needs the profile
// (404 without one); the stats also count referred leads and applications.
const affiliates = createAffiliatesProjection().name;
const sales = createAffiliateSalesProjection().name;
const leads = createLeadsProjection().name;
const subscriptions = createSubscriptionsProjection().name;

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
