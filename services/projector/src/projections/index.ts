import type { Projection } from './projection.ts';
import { createAdminCountersProjection } from './operations/admin-counters.ts';
import { createAffiliateSalesProjection } from './affiliates/affiliate-sales.ts';
import { createAffiliatesProjection } from './affiliates/affiliates.ts';
import { createLeadsProjection } from './leads/leads.ts';
import { createAllocationProjection } from './allocation/allocation.ts';
import { createPaymentHistoryProjection } from './payments/payment-history.ts';
import { createPaymentsProjection } from './payments/payments.ts';
import { createSubscriptionsProjection } from './applications/subscriptions.ts';
import { createUsersProjection } from './identity/users.ts';

export { createAdminCountersProjection, ADMIN_COUNTERS_TABLE } from './operations/admin-counters.ts';
export { createLeadsProjection, LEADS_TABLE } from './leads/leads.ts';
export { createSubscriptionsProjection, SUBSCRIPTIONS_TABLE } from './applications/subscriptions.ts';
export { createUsersProjection, USERS_PROJECTION, USERS_TABLE } from './identity/users.ts';
export { createPaymentsProjection, PAYMENTS_PROJECTION, PAYMENTS_TABLE } from './payments/payments.ts';
export { createPaymentHistoryProjection, PAYMENT_HISTORY_PROJECTION, PAYMENT_HISTORY_TABLE } from './payments/payment-history.ts';
export { createAllocationProjection, ALLOCATION_PROJECTION, ALLOCATION_PARTNERS_TABLE, ALLOCATION_TABLE } from './allocation/allocation.ts';
export { createAffiliatesProjection, AFFILIATES_PROJECTION, AFFILIATES_TABLE } from './affiliates/affiliates.ts';
export { createAffiliateSalesProjection, AFFILIATE_SALES_PROJECTION, AFFILIATE_SALES_TABLE } from './affiliates/affiliate-sales.ts';

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
