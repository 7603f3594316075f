import { z } from 'zod';
import { checkBusinessSettings, LATER_SETTINGS_FIELDS, SETTINGS_FIELDS, type SettingsField } from '@acres/contracts';

/** The settings with an initial value from configuration; the project's facts and terms are the owner's alone. */
type ConfiguredField = Exclude<SettingsField, (typeof LATER_SETTINGS_FIELDS)[number]>;
const CONFIGURED_FIELDS = SETTINGS_FIELDS.filter((field): field is ConfiguredField => !LATER_SETTINGS_FIELDS.includes(field));

/** The environment variable of each business setting: its initial value (unset = not set up yet). */
export const SETTINGS_ENV_KEYS = {
  escrowBankName: 'ESCROW_BANK_NAME',
  escrowAccountName: 'ESCROW_ACCOUNT_NAME',
  escrowAccountNumber: 'ESCROW_ACCOUNT_NUMBER',
  contactPhone: 'CONTACT_PHONE',
  contactWhatsapp: 'CONTACT_WHATSAPP',
  contactEmail: 'CONTACT_EMAIL',
  contactAddress: 'CONTACT_ADDRESS',
  officeHours: 'OFFICE_HOURS',
} as const satisfies Record<ConfiguredField, string>;

type SettingsEnvKey = (typeof SETTINGS_ENV_KEYS)[ConfiguredField];

const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional());

export const BusinessSettingsConfigShape = Object.fromEntries(
  CONFIGURED_FIELDS.map((field) => [SETTINGS_ENV_KEYS[field], optionalText]),
) as Record<SettingsEnvKey, typeof optionalText>;

export type BusinessSettingsConfig = Partial<Record<SettingsEnvKey, string | undefined>>;

/** The configured values by field, as the Settings form would send them. */
export const toInitialSettings = (config: BusinessSettingsConfig): Partial<Record<SettingsField, string>> =>
  Object.fromEntries(CONFIGURED_FIELDS.map((field) => [field, config[SETTINGS_ENV_KEYS[field]] ?? ''])) as Partial<
    Record<SettingsField, string>
  >;

/** The fields' own rules, each bad value named by its variable (an escrow account is set whole or not at all). */
export const refineBusinessSettingsConfig = (value: BusinessSettingsConfig, ctx: z.RefinementCtx) => {
  for (const error of checkBusinessSettings(toInitialSettings(value)).errors) {
    ctx.addIssue({ code: 'custom', path: [SETTINGS_ENV_KEYS[error.field as ConfiguredField]], message: error.message });
  }
};
