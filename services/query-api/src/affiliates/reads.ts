// What every affiliate read shares: the projections it waits for and its 404.

import { DomainError } from '@acres/contracts/errors';
import { AFFILIATE_SALES } from '@acres/read-models/affiliate-sales';
import { AFFILIATES } from '@acres/read-models/affiliates';
import { SUBSCRIPTIONS } from '@acres/read-models/applications';
import { LEADS } from '@acres/read-models/leads';

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
