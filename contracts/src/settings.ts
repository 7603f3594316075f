// Business settings (DESIGN 10, issue 12): the escrow account, the contact details and the
// office hours, set by the admin's Settings tab (each change a BusinessSettingsChanged event)
// with initial values from configuration. '' in a form or a request means "not set" (null).
// One rule per field, used by the form, the PUT route, the configuration and the decider.

import { z } from 'zod';
import { NIGERIAN_BANKS } from './content.ts';
import { hasControlCharacter, MAX_ADDRESS_LENGTH, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from './fields.ts';
import { MAX_PHONE_LENGTH, toNigerianMobileE164 } from './phone.ts';
import { checkTermsTogether, TERM_FIELDS, toBusinessTerms } from './business-terms.ts';
import { PROJECT_FACT_MESSAGES, PROJECT_FACT_RULES } from './project-facts-rules.ts';
import {
  EMPTY_BUSINESS_SETTINGS,
  ESCROW_FIELDS,
  LATER_SETTINGS_FIELDS,
  SETTINGS_FIELDS,
  type BusinessSettings,
  type SettingsField,
} from './settings-reads.ts';

export * from './settings-reads.ts';

export const MAX_OFFICE_HOURS_LENGTH = 200;

export const SETTINGS_MESSAGES = {
  escrowBankName: 'Choose the bank from the list',
  escrowAccountName: 'Account name must be 2 to 200 characters on a single line, without control characters',
  escrowAccountNumber: 'Account number must be the 10-digit NUBAN',
  contactPhone: 'Please enter a valid Nigerian phone number',
  contactWhatsapp: 'Please enter a valid Nigerian WhatsApp number',
  contactEmail: 'Please enter a valid email address',
  contactAddress: `Office address must be at most ${MAX_ADDRESS_LENGTH} characters`,
  officeHours: `Office hours must be at most ${MAX_OFFICE_HOURS_LENGTH} characters`,
  ...PROJECT_FACT_MESSAGES,
  escrowIncomplete: 'Set the bank, the account name and the account number together, or clear all three',
  nothingChanged: 'Nothing to save: these are already the settings',
  escrowNotSet:
    'Payment instructions are being prepared: the escrow account is not set up yet, so payment proofs cannot be submitted. Please contact the team.',
} as const;

type FieldRule = (value: string) => string | null;

const text =
  (min: number, max: number): FieldRule =>
  (value) =>
    value.length >= min && value.length <= max ? value : null;

/** A name or bank detail: one line (fields.ts singleLine), as the payout and payment texts show it. */
const line =
  (min: number, max: number): FieldRule =>
  (value) =>
    hasControlCharacter(value) ? null : text(min, max)(value);

/** THE rule of each field: the stored value of a non-empty, trimmed input, or null when it is not valid. */
export const SETTINGS_RULES: Readonly<Record<SettingsField, FieldRule>> = {
  escrowBankName: (value) => ((NIGERIAN_BANKS as readonly string[]).includes(value) ? value : null),
  escrowAccountName: line(2, MAX_NAME_LENGTH),
  escrowAccountNumber: (value) => (/^\d{10}$/.test(value) ? value : null),
  contactPhone: (value) => (value.length <= MAX_PHONE_LENGTH ? toNigerianMobileE164(value) : null),
  contactWhatsapp: (value) => (value.length <= MAX_PHONE_LENGTH ? toNigerianMobileE164(value) : null),
  contactEmail: (value) => (value.length <= MAX_EMAIL_LENGTH && z.regexes.email.test(value) ? value : null),
  contactAddress: text(1, MAX_ADDRESS_LENGTH),
  officeHours: text(1, MAX_OFFICE_HOURS_LENGTH),
  ...PROJECT_FACT_RULES,
};

export type SettingsFieldError = { field: SettingsField; message: string };

/**
 * Normalises every field by its rule ('' or missing = null) and checks the escrow account is
 * whole: the one validation of the form, the route, the configuration and the decider.
 */
export const checkBusinessSettings = (
  input: Partial<Record<SettingsField, string | null | undefined>>,
): { settings: BusinessSettings; errors: SettingsFieldError[] } => {
  const settings = { ...EMPTY_BUSINESS_SETTINGS };
  const errors: SettingsFieldError[] = [];
  for (const field of SETTINGS_FIELDS) {
    const raw = input[field];
    const trimmed = typeof raw === 'string' ? raw.trim() : '';
    if (trimmed === '') continue;
    const value = SETTINGS_RULES[field](trimmed);
    if (value === null) errors.push({ field, message: SETTINGS_MESSAGES[field] });
    else settings[field] = value;
  }
  const setCount = ESCROW_FIELDS.filter((field) => settings[field] !== null || errors.some((e) => e.field === field)).length;
  if (setCount > 0 && setCount < ESCROW_FIELDS.length) {
    for (const field of ESCROW_FIELDS) {
      if (settings[field] === null && !errors.some((e) => e.field === field))
        errors.push({ field, message: SETTINGS_MESSAGES.escrowIncomplete });
    }
  }
  // The terms agree with each other as they will be in force ('' = the default); a request that
  // leaves some out is checked once the decider has filled them in from the settings.
  const termsGiven = TERM_FIELDS.every((name) => input[name] !== undefined);
  if (termsGiven && !errors.some((error) => (TERM_FIELDS as readonly string[]).includes(error.field)))
    errors.push(...checkTermsTogether(toBusinessTerms(settings)));
  return { settings, errors };
};

const field = z.string({ error: 'Must be text' }).max(1000, 'Must be at most 1000 characters');

const isLater = (name: SettingsField) => LATER_SETTINGS_FIELDS.includes(name);

/**
 * The Settings form and PUT /api/admin/settings: every field, '' for "not set". The fields
 * added later (the project's facts, the terms) may be left out: left out, they stay as they are.
 */
export const BusinessSettingsFormSchema = z
  .object(
    Object.fromEntries(SETTINGS_FIELDS.map((name) => [name, isLater(name) ? field.optional() : field])) as Record<
      SettingsField,
      typeof field
    >,
  )
  .superRefine((value, context) => {
    for (const error of checkBusinessSettings(value).errors)
      context.addIssue({ code: 'custom', path: [error.field], message: error.message });
  });
export type BusinessSettingsForm = z.infer<typeof BusinessSettingsFormSchema>;

/** The form's values for the current settings. */
export const toBusinessSettingsForm = (settings: BusinessSettings): BusinessSettingsForm =>
  Object.fromEntries(SETTINGS_FIELDS.map((name) => [name, settings[name] ?? ''])) as BusinessSettingsForm;
