import type { Projection } from '../projection.ts';
import { createAdminCountersProjection } from './admin-counters.ts';
import { createAffiliateSalesProjection } from './affiliate-sales.ts';
import { createAffiliatesProjection } from './affiliates.ts';
import { createLeadsProjection } from './leads.ts';
import { createAllocationProjection } from './allocation.ts';
import { createPaymentHistoryProjection } from './payment-history.ts';
import { createPaymentsProjection } from './payments.ts';
import { createSubscriptionsProjection } from './subscriptions.ts';
import { createUsersProjection } from './users.ts';

export { createAdminCountersProjection, ADMIN_COUNTERS_TABLE } from './admin-counters.ts';
export { createLeadsProjection, LEADS_TABLE } from './leads.ts';
export { createSubscriptionsProjection, SUBSCRIPTIONS_TABLE } from './subscriptions.ts';
export { createUsersProjection, USERS_PROJECTION, USERS_TABLE } from './users.ts';
export { createPaymentsProjection, PAYMENTS_PROJECTION, PAYMENTS_TABLE } from './payments.ts';
export { createPaymentHistoryProjection, PAYMENT_HISTORY_PROJECTION, PAYMENT_HISTORY_TABLE } from './payment-history.ts';
export { createAllocationProjection, ALLOCATION_PROJECTION, ALLOCATION_PARTNERS_TABLE, ALLOCATION_TABLE } from './allocation.ts';
export { createAffiliatesProjection, AFFILIATES_PROJECTION, AFFILIATES_TABLE } from './affiliates.ts';
export { createAffiliateSalesProjection, AFFILIATE_SALES_PROJECTION, AFFILIATE_SALES_TABLE } from './affiliate-sales.ts';

/** Every read model the product serves, under their live table names. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  createLeadsProjection(),
  createSubscriptionsProjection(),
  createAdminCountersProjection(),
  createUsersProjection(),
  createPaymentsProjection(),
  createPaymentHistoryProjection(),
  createAllocationProjection(),
  createAffiliatesProjection(),
  createAffiliateSalesProjection(),
];
