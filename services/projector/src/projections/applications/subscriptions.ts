// SPEC 3 subscriptions (the full application), from ApplicationSubmitted.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { createBulkInsert } from '../bulk-insert.ts';
import { mapEvents, parseEventData, type Projection } from '../projection.ts';

export const SUBSCRIPTIONS_TABLE = 'subscriptions';

const COLUMNS = {
  id: 'uuid',
  application_number: 'text',
  surname: 'text',
  first_name: 'text',
  other_name: 'text',
  date_of_birth: 'date',
  gender: 'text',
  nationality: 'text',
  marital_status: 'text',
  residential_address: 'text',
  email: 'text',
  phone_number: 'text',
  city: 'text',
  occupation: 'text',
  work_address: 'text',
  religion: 'text',
  passport_photo_url: 'text',
  kin_name: 'text',
  kin_relationship: 'text',
  kin_address: 'text',
  kin_phone: 'text',
  kin_email: 'text',
  acres_subscribed: 'integer',
  subscription_value: 'bigint',
  payment_option: 'text',
  mode_of_payment: 'text',
  realtor_name: 'text',
  realtor_mobile: 'text',
  realtor_email: 'text',
  referral_code: 'text',
  status: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  global_position: 'bigint',
} as const;
type SubscriptionRow = Record<keyof typeof COLUMNS, string | number | null>;

const toRow = (event: RecordedEvent): SubscriptionRow => {
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
  const table = options.table ?? SUBSCRIPTIONS_TABLE;
  // The conflict target is the id only: a replay is a no-op, while a second application
  // with the same email or application number (an invariant broken upstream) fails loudly.
  const insertRows = createBulkInsert({ table, columns: COLUMNS, key: 'id' });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    await insertRows(client, mapEvents(events, toRow));
  };

  return {
    name: options.name ?? 'subscriptions',
    handles: ['ApplicationSubmitted'],
    tables: [table],
    apply: (client, event) => applyBatch(client, [event]),
    applyBatch,
  };
};
