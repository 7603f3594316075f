// Every read model the product serves, in the order the projector runs them (its
// ALL_PROJECTIONS has one projection per entry, under the same names). Each read model's
// own definition is imported from its subpath: @acres/read-models/leads, …/payments, ….

import { AFFILIATE_SALES } from './affiliates/affiliate-sales.ts';
import { AFFILIATES } from './affiliates/affiliates.ts';
import { ALLOCATION } from './allocation/allocation.ts';
import { AUDIT_LOG } from './audit/audit-log.ts';
import { SUBSCRIPTIONS } from './applications/subscriptions.ts';
import { USERS } from './identity/users.ts';
import { LEADS } from './leads/leads.ts';
import { ADMIN_COUNTERS } from './operations/admin-counters.ts';
import { PAYMENT_HISTORY } from './payments/payment-history.ts';
import { PAYMENTS } from './payments/payments.ts';
import { BUSINESS_SETTINGS } from './settings/business-settings.ts';
import { PAYOUT_BATCHES } from './payouts/payout-batches.ts';
import { CONSENT_HISTORY } from './consent/consent-history.ts';
import { VERIFIED_PHONES } from './identity/verified-phones.ts';
import type { ReadModel } from './shared/read-model.ts';

export type { ReadModel } from './shared/read-model.ts';

export const READ_MODELS: readonly ReadModel[] = [
  LEADS,
  SUBSCRIPTIONS,
  ADMIN_COUNTERS,
  USERS,
  PAYMENTS,
  PAYMENT_HISTORY,
  ALLOCATION,
  AFFILIATES,
  AFFILIATE_SALES,
  BUSINESS_SETTINGS,
  AUDIT_LOG,
  PAYOUT_BATCHES,
  CONSENT_HISTORY,
  VERIFIED_PHONES,
];

/** The checkpoint names of every read model (status views list them even before they first run). */
export const READ_MODEL_NAMES: readonly string[] = READ_MODELS.map((model) => model.name);
