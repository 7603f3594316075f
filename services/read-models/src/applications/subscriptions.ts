// SPEC 3 subscriptions, the five-step application: one row per ApplicationSubmitted (the
// projector's projections/applications), read by the admin's application list as the
// contract's Subscription.

import { AdminApplicationSchema, type AdminApplication, type ApplicationStatus } from '@acres/contracts/application-decision';
import { defineReadModel, selectList, type Position, type SqlTypes } from '../shared/read-model.ts';
import { createRowCodec, toIsoText, type RowOf } from '../shared/row-codec.ts';

export const SUBSCRIPTIONS = defineReadModel('subscriptions', 'subscriptions', '1700000000002_read-models.sql');

/** AdminApplication ↔ its columns: the subscription with its decision (amounts are bigint, the id a uuid). */
export const SUBSCRIPTION_ROW = createRowCodec(AdminApplicationSchema, {
  id: 'uuid',
  subscriptionValue: 'bigint',
  amountVerified: 'bigint',
});

/**
 * The columns an AdminApplication is made of. date_of_birth is 'YYYY-MM-DD', or 'erased'
 * once the applicant is erased (a text column since issue 14); realtor_code, amount_verified
 * and escrow_receipt_no are filled by verification, the decision's by ApplicationApproved
 * or ApplicationRejected: null until then.
 */
export type SubscriptionView = RowOf<AdminApplication>;

export type SubscriptionRow = SubscriptionView & {
  /** The signed-in account that submitted it (the event's actor), null for a visitor: it is that account's, whatever the email. */
  created_by_user_id: string | null;
  global_position: Position;
};

export const SUBSCRIPTION_COLUMNS = {
  ...SUBSCRIPTION_ROW.columns,
  created_by_user_id: 'uuid',
  global_position: 'bigint',
} as const satisfies SqlTypes<SubscriptionRow>;

/** SELECT list of a SubscriptionView. */
export const SUBSCRIPTION_VIEW_COLUMNS = selectList(SUBSCRIPTION_ROW.columns);

/** The admin's view: the subscription with its decision. */
export const toAdminApplication = (row: SubscriptionView): AdminApplication => SUBSCRIPTION_ROW.fromRow(row);

/** What the applicant sees: no notes, no admin name. */
export const toApplicationStatus = (row: SubscriptionView): ApplicationStatus => ({
  applicationNumber: row.application_number,
  status: row.status,
  acresSubscribed: row.acres_subscribed,
  subscriptionValue: row.subscription_value,
  submittedAt: toIsoText(row.created_at),
  amountVerified: row.amount_verified,
  escrowReceiptNumber: row.escrow_receipt_no,
  decidedAt: row.decided_at === null ? null : toIsoText(row.decided_at),
});
