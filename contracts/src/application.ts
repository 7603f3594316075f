// The five-step full application (SPEC 2, 3, 4, 5) and its subscription read model.

import { APPLICATION_CONSENT_TEXT, consentVersionField } from './consent-texts.ts';
import { z } from 'zod';
import { GENDERS, LEAD_ACRES, MARITAL_STATUSES, MODES_OF_PAYMENT, PAYMENT_OPTIONS } from './constants.ts';
import {
  emailField,
  isCalendarDate,
  latestTodayAnywhere,
  MAX_ADDRESS_LENGTH,
  MAX_NAME_LENGTH,
  MAX_URL_LENGTH,
  optionalEmailField,
  optionalText,
  OptionalReferralCodeSchema,
  requiredText,
  wholeAcres,
  type AcresRule,
} from './fields.ts';
import { MAX_PHONE_LENGTH } from './phone.ts';

export const APPLICATION_MESSAGES = {
  surname: 'Surname is required',
  firstName: 'First name is required',
  dateOfBirth: 'Date of birth is required',
  dateOfBirthInvalid: 'Date of birth must be a real date in YYYY-MM-DD format',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  gender: 'Gender is required',
  nationality: 'Nationality is required',
  maritalStatus: 'Marital status is required',
  residentialAddress: 'Residential address is required',
  email: 'Valid email is required',
  phoneNumber: 'Phone number is required',
  city: 'City is required',
  occupation: 'Occupation is required',
  kinName: 'Next of kin name is required',
  kinRelationship: 'Relationship is required',
  kinAddress: 'Next of kin address is required',
  kinPhone: 'Next of kin phone is required',
  kinEmail: 'Valid next of kin email is required',
  acresMin: 'Number of acres must be at least 1',
  acresMax: 'Number of acres must be at most 200',
  subscriptionValue: 'Subscription value is required',
  paymentOption: 'Payment option is required',
  modeOfPayment: 'Mode of payment is required',
  acknowledgment: 'You must acknowledge all terms and conditions',
  realtorEmail: 'Realtor email must be a valid email',
} as const;
const M = APPLICATION_MESSAGES;

/** The acres an application subscribes: the form's rule and the application decider's. */
export const ACRES_SUBSCRIBED_RULE = {
  ...LEAD_ACRES,
  minMessage: M.acresMin,
  maxMessage: M.acresMax,
  wholeMessage: 'Number of acres must be a whole number',
} as const satisfies AcresRule;

export const DateOfBirthSchema = z
  .string({ error: M.dateOfBirth })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: M.dateOfBirth });
    else if (!isCalendarDate(value)) ctx.addIssue({ code: 'custom', message: M.dateOfBirthInvalid });
    else if (value > latestTodayAnywhere()) ctx.addIssue({ code: 'custom', message: M.dateOfBirthFuture });
  });

// Names and the short one-line answers: no control characters (fields.ts singleLine).
const name = (message: string, label: string) => requiredText(message, { max: MAX_NAME_LENGTH, label, singleLine: true });
const address = (message: string, label: string) => requiredText(message, { max: MAX_ADDRESS_LENGTH, label });
const phone = (message: string, label: string) => requiredText(message, { max: MAX_PHONE_LENGTH, label });

export const ApplicationFormSchema = z.object({
  // Step 1: Personal Information
  surname: name(M.surname, 'Surname'),
  firstName: name(M.firstName, 'First name'),
  otherName: optionalText({ max: MAX_NAME_LENGTH, label: 'Other name', singleLine: true }),
  dateOfBirth: DateOfBirthSchema,
  gender: z.enum(GENDERS, { error: M.gender }),
  nationality: requiredText(M.nationality, { max: 100, label: 'Nationality', singleLine: true }),
  maritalStatus: z.enum(MARITAL_STATUSES, { error: M.maritalStatus }),
  residentialAddress: address(M.residentialAddress, 'Residential address'),
  email: emailField(M.email),
  phoneNumber: phone(M.phoneNumber, 'Phone number'),
  city: requiredText(M.city, { max: 100, label: 'City', singleLine: true }),
  occupation: requiredText(M.occupation, { max: 255, label: 'Occupation', singleLine: true }),
  workAddress: optionalText({ max: MAX_ADDRESS_LENGTH, label: 'Work address' }),
  religion: optionalText({ max: 100, label: 'Religion' }),
  passportPhotoUrl: optionalText({ max: MAX_URL_LENGTH, label: 'Passport photo URL' }),
  // Step 2: Next of Kin
  kinName: name(M.kinName, 'Next of kin name'),
  kinRelationship: requiredText(M.kinRelationship, { max: 100, label: 'Relationship', singleLine: true }),
  kinAddress: address(M.kinAddress, 'Next of kin address'),
  kinPhone: phone(M.kinPhone, 'Next of kin phone'),
  kinEmail: emailField(M.kinEmail),
  // Step 3: Investment Details
  acresSubscribed: wholeAcres(ACRES_SUBSCRIBED_RULE),
  subscriptionValue: z.number({ error: M.subscriptionValue }).min(1, M.subscriptionValue),
  paymentOption: z.enum(PAYMENT_OPTIONS, { error: M.paymentOption }),
  modeOfPayment: z.enum(MODES_OF_PAYMENT, { error: M.modeOfPayment }),
  // Step 4: Legal Agreement
  acknowledgment: z.literal(true, { error: M.acknowledgment }),
  /** The version of APPLICATION_CONSENT_TEXT the step showed beside the checkbox (the consent ledger). */
  acknowledgmentVersion: consentVersionField(APPLICATION_CONSENT_TEXT),
  // Step 5: Realtor/Partner (optional)
  realtorName: optionalText({ max: MAX_NAME_LENGTH, label: 'Realtor name', singleLine: true }),
  realtorMobile: optionalText({ max: MAX_PHONE_LENGTH, label: 'Realtor mobile' }),
  realtorEmail: optionalEmailField(M.realtorEmail),
});
export type ApplicationForm = z.infer<typeof ApplicationFormSchema>;
export type ApplicationFormInput = z.input<typeof ApplicationFormSchema>;
export type ApplicationField = keyof ApplicationForm;

/** POST /api/subscriptions body. */
export const CreateApplicationRequestSchema = ApplicationFormSchema.extend({
  referralCode: OptionalReferralCodeSchema,
});
export type CreateApplicationRequest = z.infer<typeof CreateApplicationRequestSchema>;

export const APPLICATION_STEP_TITLES = [
  'Personal Information',
  'Next of Kin',
  'Investment Details',
  'Legal Agreement',
  'Realtor/Partner',
] as const;

export type ApplicationStep = 1 | 2 | 3 | 4 | 5;

/** Fields that must be valid before Next is enabled on each step (SPEC 4). */
export const APPLICATION_STEP_FIELDS: Readonly<Record<ApplicationStep, readonly ApplicationField[]>> = {
  1: [
    'surname',
    'firstName',
    'email',
    'phoneNumber',
    'dateOfBirth',
    'gender',
    'nationality',
    'maritalStatus',
    'city',
    'residentialAddress',
    'occupation',
  ],
  2: ['kinName', 'kinRelationship', 'kinAddress', 'kinPhone', 'kinEmail'],
  3: ['acresSubscribed', 'subscriptionValue', 'paymentOption', 'modeOfPayment'],
  4: ['acknowledgment'],
  5: [],
};

export type ApplicationFormDefaults = Omit<
  ApplicationFormInput,
  'gender' | 'maritalStatus' | 'paymentOption' | 'modeOfPayment' | 'acknowledgment'
> & {
  gender: ApplicationForm['gender'] | undefined;
  maritalStatus: ApplicationForm['maritalStatus'] | undefined;
  paymentOption: ApplicationForm['paymentOption'] | undefined;
  modeOfPayment: ApplicationForm['modeOfPayment'] | undefined;
  acknowledgment: boolean;
};

/** SPEC 3: text empty, numbers 0, acknowledgment false, enumerated fields unset. */
export const APPLICATION_FORM_DEFAULTS: Readonly<ApplicationFormDefaults> = {
  surname: '',
  firstName: '',
  otherName: '',
  dateOfBirth: '',
  gender: undefined,
  nationality: '',
  maritalStatus: undefined,
  residentialAddress: '',
  email: '',
  phoneNumber: '',
  city: '',
  occupation: '',
  workAddress: '',
  religion: '',
  passportPhotoUrl: '',
  kinName: '',
  kinRelationship: '',
  kinAddress: '',
  kinPhone: '',
  kinEmail: '',
  acresSubscribed: 0,
  subscriptionValue: 0,
  paymentOption: undefined,
  modeOfPayment: undefined,
  acknowledgment: false,
  acknowledgmentVersion: APPLICATION_CONSENT_TEXT.version,
  realtorName: '',
  realtorMobile: '',
  realtorEmail: '',
};

export { SubscriptionSchema, ApplicationAcceptedSchema, AdminSubscriptionsResponseSchema } from './subscription.ts';
export type { Subscription, ApplicationAccepted, AdminSubscriptionsResponse } from './subscription.ts';
