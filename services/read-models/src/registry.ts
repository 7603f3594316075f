// Every read model the product serves, once, in the order the projector runs them: its
// definition (checkpoint name, live table, migration), the projection that writes it and
// the tables a fresh copy starts with one row in. The projector's ALL_PROJECTIONS and
// rebuild recipes, READ_MODELS and the query API's checkpoint names all derive from here.

import { createAffiliateSalesProjection } from './affiliates/affiliate-sales-projection.ts';
import { AFFILIATE_SALES } from './affiliates/affiliate-sales.ts';
import { createAffiliatesProjection } from './affiliates/affiliates-projection.ts';
import { AFFILIATES } from './affiliates/affiliates.ts';
import { ALLOCATION, createAllocationProjection } from './allocation/allocation.ts';
import { createSubscriptionsProjection } from './applications/subscriptions-projection.ts';
import { SUBSCRIPTIONS } from './applications/subscriptions.ts';
import { createAuditLogProjection } from './audit/audit-log-projection.ts';
import { AUDIT_LOG } from './audit/audit-log.ts';
import { createConsentHistoryProjection } from './consent/consent-history-projection.ts';
import { CONSENT_HISTORY } from './consent/consent-history.ts';
import { createUsersProjection } from './identity/users-projection.ts';
import { USERS } from './identity/users.ts';
import { createVerifiedPhonesProjection } from './identity/verified-phones-projection.ts';
import { VERIFIED_PHONES } from './identity/verified-phones.ts';
import { createLeadsProjection, LEADS } from './leads/leads.ts';
import { createLeadPipelineProjection, LEAD_PIPELINE } from './leads/lead-pipeline.ts';
import { createLeadTimelineProjection, LEAD_TIMELINE } from './leads/lead-timeline.ts';
import { createAdminCountersProjection } from './operations/admin-counters-projection.ts';
import { ADMIN_COUNTERS } from './operations/admin-counters.ts';
import { createPaymentHistoryProjection, PAYMENT_HISTORY } from './payments/payment-history.ts';
import { createPaymentsProjection } from './payments/payments-projection.ts';
import { PAYMENTS } from './payments/payments.ts';
import { createPayoutBatchesProjection } from './payouts/payout-batches-projection.ts';
import { PAYOUT_BATCHES } from './payouts/payout-batches.ts';
import { createBusinessSettingsProjection } from './settings/business-settings-projection.ts';
import { BUSINESS_SETTINGS } from './settings/business-settings.ts';
import type { ProjectionTarget } from './shared/projection/define-projection.ts';
import type { Projection } from './shared/projection/projection.ts';
import type { ReadModel } from './shared/read-model.ts';

export type { ProjectionTarget };

export type ReadModelModule = {
  readonly model: ReadModel;
  /** The projection under its live name and tables, or under `name` writing `tables` (a rebuild's copy). */
  createProjection(target?: ProjectionTarget): Projection;
  /** Tables that hold one row from their migration on (INSERT … DEFAULT VALUES); a fresh copy starts the same way. */
  readonly singletonTables: readonly string[];
};

const defineModule = (
  model: ReadModel,
  createProjection: (target?: ProjectionTarget) => Projection,
  options: { singleton?: boolean } = {},
): ReadModelModule => ({ model, createProjection, singletonTables: options.singleton ? [model.table] : [] });

export const READ_MODEL_MODULES = {
  leads: defineModule(LEADS, createLeadsProjection),
  subscriptions: defineModule(SUBSCRIPTIONS, createSubscriptionsProjection),
  adminCounters: defineModule(ADMIN_COUNTERS, createAdminCountersProjection, { singleton: true }),
  users: defineModule(USERS, createUsersProjection),
  payments: defineModule(PAYMENTS, createPaymentsProjection),
  paymentHistory: defineModule(PAYMENT_HISTORY, createPaymentHistoryProjection),
  allocation: defineModule(ALLOCATION, createAllocationProjection, { singleton: true }),
  affiliates: defineModule(AFFILIATES, createAffiliatesProjection),
  affiliateSales: defineModule(AFFILIATE_SALES, createAffiliateSalesProjection),
  businessSettings: defineModule(BUSINESS_SETTINGS, createBusinessSettingsProjection),
  auditLog: defineModule(AUDIT_LOG, createAuditLogProjection),
  payoutBatches: defineModule(PAYOUT_BATCHES, createPayoutBatchesProjection),
  consentHistory: defineModule(CONSENT_HISTORY, createConsentHistoryProjection),
  verifiedPhones: defineModule(VERIFIED_PHONES, createVerifiedPhonesProjection),
  leadPipeline: defineModule(LEAD_PIPELINE, createLeadPipelineProjection),
  leadTimeline: defineModule(LEAD_TIMELINE, createLeadTimelineProjection),
} as const satisfies Record<string, ReadModelModule>;

export type ReadModelKey = keyof typeof READ_MODEL_MODULES;

/** The modules in the projector's order. */
export const listReadModelModules = (): readonly ReadModelModule[] => Object.values(READ_MODEL_MODULES);

export const READ_MODELS: readonly ReadModel[] = listReadModelModules().map((module) => module.model);

/** The checkpoint names of every read model (status views list them even before they first run). */
export const READ_MODEL_NAMES: readonly string[] = READ_MODELS.map((model) => model.name);

/** Each read model's checkpoint name by its key, for the reads that wait on it. */
export const CHECKPOINT_NAMES = Object.fromEntries(
  Object.entries(READ_MODEL_MODULES).map(([key, module]) => [key, module.model.name]),
) as { readonly [K in ReadModelKey]: string };

/** Every read model's projection, under its live name and tables. */
export const createAllProjections = (): Projection[] => listReadModelModules().map((module) => module.createProjection());

export {
  createAdminCountersProjection,
  createAffiliateSalesProjection,
  createAffiliatesProjection,
  createAllocationProjection,
  createAuditLogProjection,
  createBusinessSettingsProjection,
  createConsentHistoryProjection,
  createLeadPipelineProjection,
  createLeadsProjection,
  createLeadTimelineProjection,
  createPaymentHistoryProjection,
  createPaymentsProjection,
  createPayoutBatchesProjection,
  createSubscriptionsProjection,
  createUsersProjection,
  createVerifiedPhonesProjection,
};
