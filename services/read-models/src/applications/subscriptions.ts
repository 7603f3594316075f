// SPEC 3 subscriptions, the five-step application: one row per ApplicationSubmitted (the
// projector's projections/applications), read by the admin's application list as the
// contract's Subscription.

import type { AdminApplication, ApplicationStatus } from '@acres/contracts/application-decision';
import type { Subscription } from '@acres/contracts/subscription';
import { selectList, type Position, type ReadModel, type SqlTypes } from '../shared/read-model.ts';

export const SUBSCRIPTIONS = {
  name: 'subscriptions',
  table: 'subscriptions',
  migration: '1700000000002_read-models.sql',
} as const satisfies ReadModel;

export type SubscriptionRow = {
  id: string;
  application_number: string;
  surname: string;
  first_name: string;
  other_name: string | null;
  /** 'YYYY-MM-DD', or 'erased' once the applicant is erased (a text column since issue 14). */
  date_of_birth: string;
  gender: Subscription['gender'];
  nationality: string;
  marital_status: Subscription['maritalStatus'];
  residential_address: string;
  email: string;
  phone_number: string;
  city: string;
  occupation: string;
  work_address: string | null;
  religion: string | null;
  passport_photo_url: string | null;
  kin_name: string;
  kin_relationship: string;
  kin_address: string;
  kin_phone: string;
  kin_email: string;
  acres_subscribed: number;
  subscription_value: number;
  payment_option: Subscription['paymentOption'];
  mode_of_payment: Subscription['modeOfPayment'];
  realtor_name: string | null;
  realtor_mobile: string | null;
  realtor_email: string | null;
  /** Filled by verification (later events), null until then. */
  realtor_code: string | null;
  referral_code: string | null;
  status: Subscription['status'];
  amount_verified: number | null;
  escrow_receipt_no: string | null;
  /** The admin's decision (ApplicationApproved / ApplicationRejected), null while pending. */
  decision_notes: string | null;
  decided_at: Date | null;
  decided_by: string | null;
  created_at: Date;
  updated_at: Date;
  /** The signed-in account that submitted it (the event's actor), null for a visitor: it is that account's, whatever the email. */
  created_by_user_id: string | null;
  global_position: Position;
};

export const SUBSCRIPTION_COLUMNS = {
  id: 'uuid',
  application_number: 'text',
  surname: 'text',
  first_name: 'text',
  other_name: 'text',
  date_of_birth: 'text',
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
  realtor_code: 'text',
  referral_code: 'text',
  status: 'text',
  amount_verified: 'bigint',
  escrow_receipt_no: 'text',
  decision_notes: 'text',
  decided_at: 'timestamptz',
  decided_by: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  created_by_user_id: 'uuid',
  global_position: 'bigint',
} as const satisfies SqlTypes<SubscriptionRow>;

const NOT_SHOWN = ['created_by_user_id', 'global_position'] as const;

/** The columns a Subscription is made of. */
export type SubscriptionView = Omit<SubscriptionRow, (typeof NOT_SHOWN)[number]>;

/** SELECT list of a SubscriptionView. */
export const SUBSCRIPTION_VIEW_COLUMNS = selectList(SUBSCRIPTION_COLUMNS, { omit: NOT_SHOWN });

export const toSubscription = (row: SubscriptionView): Subscription => ({
  id: row.id,
  applicationNumber: row.application_number,
  status: row.status,
  surname: row.surname,
  firstName: row.first_name,
  otherName: row.other_name,
  dateOfBirth: row.date_of_birth,
  gender: row.gender,
  nationality: row.nationality,
  maritalStatus: row.marital_status,
  residentialAddress: row.residential_address,
  email: row.email,
  phoneNumber: row.phone_number,
  city: row.city,
  occupation: row.occupation,
  workAddress: row.work_address,
  religion: row.religion,
  passportPhotoUrl: row.passport_photo_url,
  kinName: row.kin_name,
  kinRelationship: row.kin_relationship,
  kinAddress: row.kin_address,
  kinPhone: row.kin_phone,
  kinEmail: row.kin_email,
  acresSubscribed: row.acres_subscribed,
  subscriptionValue: row.subscription_value,
  paymentOption: row.payment_option,
  modeOfPayment: row.mode_of_payment,
  realtorName: row.realtor_name,
  realtorMobile: row.realtor_mobile,
  realtorEmail: row.realtor_email,
  realtorCode: row.realtor_code,
  referralCode: row.referral_code,
  amountVerified: row.amount_verified,
  escrowReceiptNo: row.escrow_receipt_no,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The admin's view: the subscription with its decision. */
export const toAdminApplication = (row: SubscriptionView): AdminApplication => ({
  ...toSubscription(row),
  decisionNotes: row.decision_notes,
  decidedAt: row.decided_at?.toISOString() ?? null,
  decidedBy: row.decided_by,
});

/** What the applicant sees: no notes, no admin name. */
export const toApplicationStatus = (row: SubscriptionView): ApplicationStatus => ({
  applicationNumber: row.application_number,
  status: row.status,
  acresSubscribed: row.acres_subscribed,
  subscriptionValue: row.subscription_value,
  submittedAt: row.created_at.toISOString(),
  amountVerified: row.amount_verified,
  escrowReceiptNumber: row.escrow_receipt_no,
  decidedAt: row.decided_at?.toISOString() ?? null,
});
