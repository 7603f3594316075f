// SPEC 3 subscriptions (the full application), from ApplicationSubmitted (the table and
// its row: @acres/read-models/applications).

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { SUBSCRIPTION_COLUMNS, SUBSCRIPTIONS, type SubscriptionRow } from '@acres/read-models/applications';
import { omitColumns, type RowToWrite } from '@acres/read-models/read-model';
import { createBulkInsert } from '../bulk-insert.ts';
import { mapEvents, parseEventData, type Projection } from '../projection.ts';

// Columns verification (later events) fills; a submission leaves them null.
const FILLED_LATER = ['realtor_code', 'amount_verified', 'escrow_receipt_no'] as const;
const INSERTED = omitColumns(SUBSCRIPTION_COLUMNS, FILLED_LATER);

const toRow = (event: RecordedEvent): RowToWrite<Omit<SubscriptionRow, (typeof FILLED_LATER)[number]>> => {
  const data = parseEventData('ApplicationSubmitted', event);
  return {
    id: data.applicationId,
    application_number: data.applicationNumber,
    surname: data.surname,
    first_name: data.firstName,
    other_name: data.otherName,
    date_of_birth: data.dateOfBirth,
    gender: data.gender,
    nationality: data.nationality,
    marital_status: data.maritalStatus,
    residential_address: data.residentialAddress,
    email: data.email,
    phone_number: data.phoneNumber,
    city: data.city,
    occupation: data.occupation,
    work_address: data.workAddress,
    religion: data.religion,
    passport_photo_url: data.passportPhotoUrl,
    kin_name: data.kinName,
    kin_relationship: data.kinRelationship,
    kin_address: data.kinAddress,
    kin_phone: data.kinPhone,
    kin_email: data.kinEmail,
    acres_subscribed: data.acresSubscribed,
    subscription_value: data.subscriptionValue,
    payment_option: data.paymentOption,
    mode_of_payment: data.modeOfPayment,
    realtor_name: data.realtorName,
    realtor_mobile: data.realtorMobile,
    realtor_email: data.realtorEmail,
    referral_code: data.referralCode,
    // SPEC 4: a subscription starts as pending; later events (verification) move it.
    status: 'pending',
    created_at: data.submittedAt,
    updated_at: data.submittedAt,
    global_position: event.globalPosition.toString(),
  };
};

export const createSubscriptionsProjection = (options: { name?: string; table?: string } = {}): Projection => {
  const table = options.table ?? SUBSCRIPTIONS.table;
  // The conflict target is the id only: a replay is a no-op, while a second application
  // with the same email or application number (an invariant broken upstream) fails loudly.
  const insertRows = createBulkInsert({ table, columns: INSERTED, key: 'id' });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    await insertRows(client, mapEvents(events, toRow));
  };

  return {
    name: options.name ?? SUBSCRIPTIONS.name,
    handles: ['ApplicationSubmitted'],
    tables: [table],
    apply: (client, event) => applyBatch(client, [event]),
    applyBatch,
  };
};
