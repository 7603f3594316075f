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
import { createBusinessSettingsProjection } from './settings/business-settings.ts';
import { createAuditLogProjection } from './audit/audit-log.ts';
import { createPayoutBatchesProjection } from './payouts/payout-batches.ts';
import { createConsentHistoryProjection } from './consent/consent-history.ts';
import { createVerifiedPhonesProjection } from './identity/verified-phones.ts';

export {
  createAdminCountersProjection,
  createAffiliateSalesProjection,
  createAffiliatesProjection,
  createAllocationProjection,
  createAuditLogProjection,
  createBusinessSettingsProjection,
  createConsentHistoryProjection,
  createLeadsProjection,
  createPaymentHistoryProjection,
  createPaymentsProjection,
  createPayoutBatchesProjection,
  createSubscriptionsProjection,
  createUsersProjection,
  createVerifiedPhonesProjection,
};

/**
 * Every read model the product serves, under their live table names: one projection per
 * entry of @acres/read-models' READ_MODELS, in its order (projections.unit.spec.ts checks).
 */
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
  createBusinessSettingsProjection(),
  createAuditLogProjection(),
  createPayoutBatchesProjection(),
  createConsentHistoryProjection(),
  createVerifiedPhonesProjection(),
];
