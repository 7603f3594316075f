// Subscription read model (SPEC 3 subscriptions) and the application command answer.

import { z } from 'zod';
import { GENDERS, MARITAL_STATUSES, MODES_OF_PAYMENT, PAYMENT_OPTIONS, SUBSCRIPTION_STATUSES } from './constants.ts';
import { adminListPageSchema, IsoDateTimeSchema } from './fields.ts';
import { ERASED } from './events/privacy-events.ts';

export const SubscriptionSchema = z.object({
  id: z.string(),
  applicationNumber: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES).default('pending'),
  surname: z.string(),
  firstName: z.string(),
  otherName: z.string().nullable(),
  dateOfBirth: z.string(),
  /** ERASED once the applicant is erased (issue 14). */
  gender: z.enum([...GENDERS, ERASED]),
  nationality: z.string(),
  maritalStatus: z.enum([...MARITAL_STATUSES, ERASED]),
  residentialAddress: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  city: z.string(),
  occupation: z.string(),
  workAddress: z.string().nullable(),
  religion: z.string().nullable(),
  passportPhotoUrl: z.string().nullable(),
  kinName: z.string(),
  kinRelationship: z.string(),
  kinAddress: z.string(),
  kinPhone: z.string(),
  kinEmail: z.string(),
  acresSubscribed: z.number().int(),
  subscriptionValue: z.number(),
  paymentOption: z.enum(PAYMENT_OPTIONS),
  modeOfPayment: z.enum(MODES_OF_PAYMENT),
  realtorName: z.string().nullable(),
  realtorMobile: z.string().nullable(),
  realtorEmail: z.string().nullable(),
  realtorCode: z.string().nullable(),
  referralCode: z.string().nullable().optional(),
  amountVerified: z.number().nullable(),
  escrowReceiptNo: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const ApplicationAcceptedSchema = z.object({
  id: z.string(),
  applicationNumber: z.string(),
  position: z.string().regex(/^\d+$/, 'position must be a decimal string'),
});
export type ApplicationAccepted = z.infer<typeof ApplicationAcceptedSchema>;

export const AdminSubscriptionsResponseSchema = adminListPageSchema('subscriptions', SubscriptionSchema);
export type AdminSubscriptionsResponse = z.infer<typeof AdminSubscriptionsResponseSchema>;
