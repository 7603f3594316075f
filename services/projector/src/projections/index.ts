import type { Projection } from '../projection.ts';
import { createAdminCountersProjection } from './admin-counters.ts';
import { createLeadsProjection } from './leads.ts';
import { createSubscriptionsProjection } from './subscriptions.ts';

export { createAdminCountersProjection, ADMIN_COUNTERS_TABLE } from './admin-counters.ts';
export { createLeadsProjection, LEADS_TABLE } from './leads.ts';
export { createSubscriptionsProjection, SUBSCRIPTIONS_TABLE } from './subscriptions.ts';

/** Every read model the product serves, under their live table names. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  createLeadsProjection(),
  createSubscriptionsProjection(),
  createAdminCountersProjection(),
];
