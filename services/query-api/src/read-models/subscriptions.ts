import type { AdminSubscriptionsResponse, Subscription } from '@acres/contracts/subscription';
import type { Queryable } from '@acres/platform';
import { containsAny, toSearchPattern } from './search.ts';

type SubscriptionRow = {
  id: string;
  application_number: string;
  status: Subscription['status'];
  surname: string;
  first_name: string;
  other_name: string | null;
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
  realtor_code: string | null;
  referral_code: string | null;
  amount_verified: number | null;
  escrow_receipt_no: string | null;
  created_at: Date;
  updated_at: Date;
};

// date_of_birth as text: pg would turn a date into a local-midnight Date and shift the day.
const COLUMNS = `id, application_number, status, surname, first_name, other_name,
  to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, gender, nationality, marital_status,
  residential_address, email, phone_number, city, occupation, work_address, religion, passport_photo_url,
  kin_name, kin_relationship, kin_address, kin_phone, kin_email, acres_subscribed, subscription_value,
  payment_option, mode_of_payment, realtor_name, realtor_mobile, realtor_email, realtor_code, referral_code,
  amount_verified, escrow_receipt_no, created_at, updated_at`;

const SEARCHED_COLUMNS = ['surname', 'first_name', 'other_name', 'email', 'phone_number', 'application_number'] as const;

const toSubscription = (row: SubscriptionRow): Subscription => ({
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

/** The admin's application list: newest first, offset paging, total counted over the same search. */
export const listSubscriptions = async (
  db: Queryable,
  query: { limit: number; offset: number; search?: string | undefined },
): Promise<AdminSubscriptionsResponse> => {
  const pattern = toSearchPattern(query.search);
  const where = pattern ? `WHERE ${containsAny(SEARCHED_COLUMNS, 1)}` : '';
  const filter = pattern ? [pattern] : [];
  const next = filter.length + 1;
  const [page, count] = await Promise.all([
    db.query<SubscriptionRow>(
      `SELECT ${COLUMNS} FROM subscriptions ${where} ORDER BY created_at DESC, id DESC LIMIT $${next} OFFSET $${next + 1}`,
      [...filter, query.limit, query.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*) AS total FROM subscriptions ${where}`, filter),
  ]);
  return { total: count.rows[0]?.total ?? 0, subscriptions: page.rows.map(toSubscription) };
};
