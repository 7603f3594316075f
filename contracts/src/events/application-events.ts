import { z } from 'zod';
import { GENDERS, MARITAL_STATUSES, MODES_OF_PAYMENT, PAYMENT_OPTIONS } from '../constants.ts';
import { EventTimestampSchema } from './metadata.ts';
import { ERASED } from './privacy-events.ts';

const text = z.string().min(1);
const optional = z.string().nullable();

export const ApplicationSubmittedDataSchema = z.object({
  applicationId: z.uuid(),
  applicationNumber: text,
  surname: text,
  firstName: text,
  otherName: optional,
  dateOfBirth: text,
  gender: z.enum([...GENDERS, ERASED]),
  nationality: text,
  maritalStatus: z.enum([...MARITAL_STATUSES, ERASED]),
  residentialAddress: text,
  email: text,
  phoneNumber: text,
  city: text,
  occupation: text,
  workAddress: optional,
  religion: optional,
  passportPhotoUrl: optional,
  kinName: text,
  kinRelationship: text,
  kinAddress: text,
  kinPhone: text,
  kinEmail: text,
  acresSubscribed: z.number().int().min(1),
  subscriptionValue: z.number().int().min(1),
  paymentOption: z.enum(PAYMENT_OPTIONS),
  modeOfPayment: z.enum(MODES_OF_PAYMENT),
  acknowledgment: z.literal(true),
  realtorName: optional,
  realtorMobile: optional,
  realtorEmail: optional,
  referralCode: optional,
  submittedAt: EventTimestampSchema,
});
export type ApplicationSubmittedData = z.infer<typeof ApplicationSubmittedDataSchema>;

// The admin's decision, in the application's own stream (decided once).
const ApplicationDecisionDataSchema = z.object({
  applicationId: z.uuid(),
  applicationNumber: text,
  /** Naira the escrow account received; null when a rejection records none. */
  amountVerified: z.number().int().min(1).nullable(),
  escrowReceiptNumber: z.string().min(1).nullable(),
  notes: z.string(),
  decidedBy: z.string().min(1),
  decidedAt: EventTimestampSchema,
});

export const ApplicationApprovedDataSchema = ApplicationDecisionDataSchema.extend({
  amountVerified: z.number().int().min(1),
  escrowReceiptNumber: z.string().min(1),
});
export type ApplicationApprovedData = z.infer<typeof ApplicationApprovedDataSchema>;

export const ApplicationRejectedDataSchema = ApplicationDecisionDataSchema;
export type ApplicationRejectedData = z.infer<typeof ApplicationRejectedDataSchema>;
