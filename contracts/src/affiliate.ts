// Affiliate registration and profile (SPEC 2, 3, 5, 7).

import { z } from 'zod';
import { AFFILIATE_STATUSES, MARKETING_EXPERIENCE, NIGERIAN_BANKS } from './constants.ts';
import { IsoDateTimeSchema, MAX_NAME_LENGTH, MAX_NOTES_LENGTH, optionalText, singleLine } from './fields.ts';
import { NIGERIAN_PHONE_MESSAGE, nigerianPhoneSchema } from './phone.ts';

export const AFFILIATE_MESSAGES = {
  fullName: 'Full name must be at least 2 characters',
  phoneNumber: NIGERIAN_PHONE_MESSAGE,
  bankName: 'Please select a bank',
  bankNameUnknown: 'Please select a bank from the list',
  accountNumber: 'Account number must be 10 digits',
  accountName: 'Account name is required',
  marketingExperience: 'Marketing experience must be one of none, beginner, intermediate, expert',
  marketingChannels: 'Please describe your marketing channels',
  agreeTerms: 'You must agree to the terms',
} as const;
const M = AFFILIATE_MESSAGES;

const atLeastTwo = (message: string, label: string) =>
  singleLine(
    z
      .string({ error: message })
      .trim()
      .min(2, { error: message, abort: true })
      .max(MAX_NAME_LENGTH, `${label} must be at most ${MAX_NAME_LENGTH} characters`),
    label,
  );

const affiliateFields = {
  full_name: atLeastTwo(M.fullName, 'Full name'),
  company_name: optionalText({ max: MAX_NAME_LENGTH, label: 'Company name', singleLine: true }),
  phone_number: nigerianPhoneSchema(M.phoneNumber),
  bank_name: singleLine(z.string({ error: M.bankName }).trim().min(2, { error: M.bankName, abort: true }), 'Bank name').refine(
    (bank) => (NIGERIAN_BANKS as readonly string[]).includes(bank),
    M.bankNameUnknown,
  ),
  account_number: z
    .string({ error: M.accountNumber })
    .trim()
    .regex(/^\d{10}$/, M.accountNumber),
  account_name: atLeastTwo(M.accountName, 'Account name'),
  marketing_experience: z.enum(MARKETING_EXPERIENCE, { error: M.marketingExperience }).default('beginner'),
  marketing_channels: z
    .string({ error: M.marketingChannels })
    .trim()
    .min(10, { error: M.marketingChannels, abort: true })
    .max(MAX_NOTES_LENGTH, `Marketing channels must be at most ${MAX_NOTES_LENGTH} characters`),
};

/** The onboarding form (SPEC 5). */
export const AffiliateRegistrationSchema = z.object({
  ...affiliateFields,
  agree_terms: z.literal(true, { error: M.agreeTerms }),
});
export type AffiliateRegistration = z.infer<typeof AffiliateRegistrationSchema>;
export type AffiliateRegistrationInput = z.input<typeof AffiliateRegistrationSchema>;

export type AffiliateRegistrationDefaults = Omit<AffiliateRegistrationInput, 'agree_terms'> & {
  agree_terms: boolean;
};

export const AFFILIATE_REGISTRATION_DEFAULTS: Readonly<AffiliateRegistrationDefaults> = {
  full_name: '',
  company_name: '',
  phone_number: '',
  bank_name: '',
  account_number: '',
  account_name: '',
  marketing_experience: 'beginner',
  marketing_channels: '',
  agree_terms: false,
};

/**
 * POST /api/affiliate/register body: the SPEC payload has no agree_terms (the form
 * enforces it); if a client sends it, it must still be true.
 */
export const AffiliateRegisterRequestSchema = z.object({
  ...affiliateFields,
  agree_terms: z.literal(true, { error: M.agreeTerms }).optional(),
});
export type AffiliateRegisterRequest = z.infer<typeof AffiliateRegisterRequestSchema>;

export const AffiliateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  companyName: z.string().nullable().optional(),
  bankName: z.string().nullable().optional(),
  accountNumber: z.string().nullable().optional(),
  accountName: z.string().nullable().optional(),
  marketingExperience: z.enum(MARKETING_EXPERIENCE).nullable().optional(),
  marketingChannels: z.string().nullable().optional(),
  /** SPEC 3/9's whole percent: 5, 7.5 or 10 (basis points stay inside the server). */
  commissionRate: z.number().nonnegative(),
  referralCode: z.string(),
  status: z.enum(AFFILIATE_STATUSES).default('active'),
  verifiedSales: z.number().int().nonnegative().optional(),
  joinedAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Affiliate = z.infer<typeof AffiliateSchema>;

const PositionSchema = z.string().regex(/^\d+$/, 'position must be a decimal string');

/** POST /api/affiliate/register answer: the new profile and its event's global position. */
export const AffiliateRegisterResponseSchema = z.object({
  affiliate: AffiliateSchema,
  position: PositionSchema,
});
export type AffiliateRegisterResponse = z.infer<typeof AffiliateRegisterResponseSchema>;

/** PUT /api/admin/affiliate-sales/{id}/status answer; the rate and commission only when verified. */
export const SaleStatusUpdatedSchema = z.object({
  id: z.string(),
  status: z.enum(['verified', 'rejected']),
  /** Percent fixed at verification: 5, 7.5 or 10. */
  commissionRate: z.number().nonnegative().optional(),
  computedCommission: z.number().int().nonnegative().optional(),
  position: PositionSchema,
});
export type SaleStatusUpdated = z.infer<typeof SaleStatusUpdatedSchema>;

/** SPEC 9: the site origin plus ?ref= and the referral code. */
export function buildReferralLink(origin: string, referralCode: string): string {
  return `${origin.replace(/\/+$/, '')}?ref=${encodeURIComponent(referralCode)}`;
}

export {
  SaleReportSchema,
  saleReportSchemaFor,
  saleAcresBreach,
  SALE_MESSAGES,
  SALE_REPORT_DEFAULTS,
  SaleSchema,
  SalesResponseSchema,
  AffiliateStatsSchema,
  SaleStatusUpdateSchema,
} from './sale.ts';
export type { SaleReport, SaleReportInput, Sale, SalesResponse, AffiliateStats, SaleStatusUpdate } from './sale.ts';
