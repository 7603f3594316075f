import { z } from 'zod';
import { GENDERS, MARITAL_STATUSES, MODES_OF_PAYMENT, PAYMENT_OPTIONS } from '../constants.ts';
import { EventTimestampSchema } from './metadata.ts';

const text = z.string().min(1);
const optional = z.string().nullable();

export const ApplicationSubmittedDataSchema = z.object({
  applicationId: z.uuid(),
  applicationNumber: text,
  surname: text,
  firstName: text,
  otherName: optional,
  dateOfBirth: text,
  gender: z.enum(GENDERS),
  nationality: text,
  maritalStatus: z.enum(MARITAL_STATUSES),
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
