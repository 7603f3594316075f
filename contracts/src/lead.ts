// Reserve Your Slot (SPEC 2, 5, 7), the SlotReserved event that records it, and the admin's lead list.

import { z } from 'zod';
import { COMMITMENTS, LEAD_ACRES, PRICE_BAND, ROLES } from './constants.ts';
import {
  emailField,
  IsoDateTimeSchema,
  MAX_NAME_LENGTH,
  MAX_NOTES_LENGTH,
  optionalText,
  OptionalReferralCodeSchema,
  requiredText,
  wholeAcres,
  adminListPageSchema,
  wholeNumberParam,
  type AcresRule,
} from './fields.ts';
import { consentVersionField, LEAD_CONSENT_TEXT } from './consent-texts.ts';
import { isNigerianMobile, MAX_PHONE_LENGTH, NIGERIAN_PHONE_MESSAGE, toE164 } from './phone.ts';
import { EventTimestampSchema } from './events/metadata.ts';
import { LeadStageSchema, OwnerIdSchema } from './lead-pipeline.ts';

export const LEAD_MESSAGES = {
  fullName: 'Full name is required',
  email: 'Valid email is required',
  phone: 'Phone number is required',
  role: 'Please select your role',
  minAcres: 'Minimum 1 acre required',
  maxAcres: 'Maximum 200 acres',
  commitment: 'Please select your commitment',
  consent: 'You must consent to be contacted',
} as const;

/** The acres a lead intends: the form's rule and the lead decider's. */
export const INTENDED_ACRES_RULE = {
  ...LEAD_ACRES,
  minMessage: LEAD_MESSAGES.minAcres,
  maxMessage: LEAD_MESSAGES.maxAcres,
} as const satisfies AcresRule;

/** SPEC 5: fewer than 10 characters is 'Phone number is required'; then the one phone rule (./phone.ts). */
export const LeadPhoneSchema = z
  .string({ error: LEAD_MESSAGES.phone })
  .trim()
  .min(10, { error: LEAD_MESSAGES.phone, abort: true })
  .refine(isNigerianMobile, NIGERIAN_PHONE_MESSAGE);

export const LeadFormSchema = z.object({
  fullName: requiredText(LEAD_MESSAGES.fullName, { max: MAX_NAME_LENGTH, label: 'Full name', singleLine: true }),
  company: optionalText({ max: MAX_NAME_LENGTH, label: 'Company', singleLine: true }),
  email: emailField(LEAD_MESSAGES.email),
  phone: LeadPhoneSchema,
  role: z.enum(ROLES, { error: LEAD_MESSAGES.role }),
  intendedAcres: wholeAcres(INTENDED_ACRES_RULE),
  commitment: z.enum(COMMITMENTS, { error: LEAD_MESSAGES.commitment }),
  notes: optionalText({ max: MAX_NOTES_LENGTH, label: 'Notes' }),
  consent: z.literal(true, { error: LEAD_MESSAGES.consent }),
  /** The version of LEAD_CONSENT_TEXT the form showed beside the checkbox (the consent ledger). */
  consentVersion: consentVersionField(LEAD_CONSENT_TEXT),
});
export type LeadFormValues = z.input<typeof LeadFormSchema>;
export type LeadForm = z.infer<typeof LeadFormSchema>;

export const LEAD_FORM_DEFAULTS = {
  fullName: '',
  company: '',
  email: '',
  phone: '',
  role: undefined,
  intendedAcres: LEAD_ACRES.min,
  commitment: undefined,
  notes: '',
  consent: false,
  consentVersion: LEAD_CONSENT_TEXT.version,
} as const;

/**
 * POST /api/leads body. phoneE164 is accepted for the SPEC payload but always
 * re-derived from phone, so a client cannot store a number that differs from the
 * one it showed. priceBand is checked against the price in force by the decider (priceBandBreach).
 */
export const CreateLeadRequestSchema = LeadFormSchema.extend({
  phoneE164: z.string({ error: 'phoneE164 must be text' }).max(MAX_PHONE_LENGTH).optional(),
  priceBand: z
    .string({ error: `Price band must be text, like '${PRICE_BAND}'` })
    .trim()
    .min(1, `Price band must be text, like '${PRICE_BAND}'`)
    .max(20, 'Price band must be at most 20 characters')
    .default(PRICE_BAND),
  referralCode: OptionalReferralCodeSchema,
}).transform((lead) => ({ ...lead, phoneE164: toE164(lead.phone) }));
export type CreateLeadRequestInput = z.input<typeof CreateLeadRequestSchema>;
export type CreateLeadRequest = z.infer<typeof CreateLeadRequestSchema>;

/** What the log records of a reservation: the request as the decider accepted it. */
export const SlotReservedDataSchema = z.object({
  leadId: z.uuid(),
  fullName: z.string().min(1),
  company: z.string().nullable(),
  email: z.string().min(1),
  phone: z.string().min(1),
  phoneE164: z.string().min(1),
  role: z.enum(ROLES),
  intendedAcres: z.number().int().min(1),
  priceBand: z.string().min(1),
  commitment: z.enum(COMMITMENTS),
  notes: z.string().nullable(),
  consent: z.literal(true),
  referralCode: z.string().nullable(),
  reservedAt: EventTimestampSchema,
});
export type SlotReservedData = z.infer<typeof SlotReservedDataSchema>;

export const LeadSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  phoneE164: z.string(),
  role: z.enum(ROLES),
  intendedAcres: z.number().int(),
  priceBand: z.string(),
  commitment: z.enum(COMMITMENTS),
  notes: z.string().nullable(),
  consent: z.boolean(),
  referralCode: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type Lead = z.infer<typeof LeadSchema>;

export const OVERDUE_PARAM_MESSAGE = "overdue must be 'true' or 'false'";

export const AdminLeadsQuerySchema = z.object({
  limit: wholeNumberParam('limit', { min: 1, max: 500, default: 50 }),
  offset: wholeNumberParam('offset', { min: 0, default: 0 }),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  /** An opaque keyset cursor from nextCursor/prevCursor (or lastCursor); when given, offset is ignored. */
  cursor: z.string().max(200, 'cursor must be at most 200 characters').optional(),
  /** The pipeline's filters (issue 27): one stage, one owner (a staff id or 'unassigned'), overdue or not. */
  stage: LeadStageSchema.optional(),
  owner: OwnerIdSchema.optional(),
  overdue: z
    .enum(['true', 'false'], { error: OVERDUE_PARAM_MESSAGE })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});
export type AdminLeadsQuery = z.infer<typeof AdminLeadsQuerySchema>;

/** A lead in the admin's list: the Lead and where it stands in the pipeline. */
export const AdminLeadSchema = LeadSchema.extend({
  stage: LeadStageSchema,
  ownerId: z.string(),
  /** Still new more than 24 hours after it arrived, at the moment of the answer. */
  overdue: z.boolean(),
  firstContactAt: IsoDateTimeSchema.nullable(),
  lastActivityAt: IsoDateTimeSchema.nullable(),
});
export type AdminLead = z.infer<typeof AdminLeadSchema>;

export const AdminLeadsResponseSchema = adminListPageSchema('leads', AdminLeadSchema);
export type AdminLeadsResponse = z.infer<typeof AdminLeadsResponseSchema>;

/** Answer to every accepted command; position is the event's global log position. */
export const CommandAcceptedSchema = z.object({
  id: z.string(),
  position: z.string().regex(/^\d+$/, 'position must be a decimal string'),
});
export type CommandAccepted = z.infer<typeof CommandAcceptedSchema>;
