// The read side of the business settings (issue 12): the fields, the settings and what the
// site and the admin read. No field rules here (settings.ts has them), so a page that only
// shows the settings does not load the phone-number library.

import { z } from 'zod';
import { TERM_FIELDS, toBusinessTerms, type BusinessTerms } from './business-terms.ts';
import { PROJECT_FACT_FIELDS, toProjectFacts, type ProjectFacts } from './project-facts.ts';

export * from './business-terms.ts';
export * from './project-facts.ts';

export const SETTINGS_FIELDS = [
  'escrowBankName',
  'escrowAccountName',
  'escrowAccountNumber',
  'contactPhone',
  'contactWhatsapp',
  'contactEmail',
  'contactAddress',
  'officeHours',
  ...PROJECT_FACT_FIELDS,
  ...TERM_FIELDS,
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

export const ESCROW_FIELDS = ['escrowBankName', 'escrowAccountName', 'escrowAccountNumber'] as const;

export const SETTINGS_FIELD_LABELS: Readonly<Record<SettingsField, string>> = {
  escrowBankName: 'Escrow bank',
  escrowAccountName: 'Escrow account name',
  escrowAccountNumber: 'Escrow account number',
  contactPhone: 'Phone',
  contactWhatsapp: 'WhatsApp number',
  contactEmail: 'Email',
  contactAddress: 'Office address',
  officeHours: 'Office hours',
  projectLocation: 'Location',
  projectMapUrl: 'Map link',
  titleType: 'Title type',
  titleNumber: 'Title number',
  surveyPlanNumber: 'Survey plan number',
  companyName: 'Company name',
  cacNumber: 'CAC registration number',
  projectPhotos: 'Photos',
  pricePerAcre: 'Price per acre',
  retailPricePerAcre: 'Retail price per acre',
  projectAcres: 'Project size (acres)',
  partnerCap: 'Partner cap',
  minimumAcres: 'Minimum allocation (acres)',
};

/** Fields added after the first Settings form: a request that leaves one out leaves it as it is. */
export const LATER_SETTINGS_FIELDS: readonly SettingsField[] = [...PROJECT_FACT_FIELDS, ...TERM_FIELDS];

/** Every setting, null while it is not set. */
export const BusinessSettingsSchema = z.object(
  Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, z.string().min(1).nullable()])) as Record<
    SettingsField,
    z.ZodNullable<z.ZodString>
  >,
);
export type BusinessSettings = z.infer<typeof BusinessSettingsSchema>;

export const EMPTY_BUSINESS_SETTINGS: BusinessSettings = Object.fromEntries(
  SETTINGS_FIELDS.map((field) => [field, null]),
) as BusinessSettings;

export const isEscrowAccountSet = (settings: BusinessSettings): boolean => ESCROW_FIELDS.every((name) => settings[name] !== null);

export const SettingsChangeSchema = z.object({
  field: z.enum(SETTINGS_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type SettingsChange = z.infer<typeof SettingsChangeSchema>;

/** PUT /api/admin/settings answer. */
export const BusinessSettingsUpdatedSchema = z.object({
  changes: z.array(SettingsChangeSchema),
  position: z.string().regex(/^\d+$/, 'position must be a decimal string'),
});
export type BusinessSettingsUpdated = z.infer<typeof BusinessSettingsUpdatedSchema>;

export const EscrowAccountSchema = z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() });
export type EscrowAccount = z.infer<typeof EscrowAccountSchema>;

/**
 * The notifier channels that really reach a person: true only when that channel's transport
 * is configured. An unconfigured channel writes to the admin's outbox, so the site must not
 * promise a message through it.
 */
export const DeliveryChannelsSchema = z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() });
export type DeliveryChannels = z.infer<typeof DeliveryChannelsSchema>;

export const NO_DELIVERY_CHANNELS: DeliveryChannels = { email: false, sms: false, whatsapp: false };

/** GET /api/settings `project` (project-facts.ts). */
export const ProjectFactsSchema = z.object({
  location: z.string().nullable(),
  mapUrl: z.string().nullable(),
  titleType: z.string().nullable(),
  titleNumber: z.string().nullable(),
  surveyPlanNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  cacNumber: z.string().nullable(),
  photos: z.array(z.object({ url: z.string() })),
}) satisfies z.ZodType<ProjectFacts>;

/** GET /api/settings (public): what the site shows; null = not set up yet (hide it). */
export const PublicSettingsSchema = z.object({
  contact: z.object({
    /** E.164 ('+2348031234567'); show it with formatPhoneForDisplay. */
    phone: z.string().nullable(),
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
  }),
  officeHours: z.string().nullable(),
  escrow: EscrowAccountSchema.nullable(),
  channels: DeliveryChannelsSchema,
  /**
   * Whether the due-diligence room holds a document (issue 27): the copy that promises the
   * package keeps SPEC's words only then, by the same rule as `channels`.
   */
  packageReady: z.boolean(),
  /** The facts a buyer checks (issue 29): each null while not set. */
  project: ProjectFactsSchema,
  /** The business terms in force: SPEC's values until the owner sets them. */
  terms: z.object({
    pricePerAcre: z.number(),
    retailPricePerAcre: z.number(),
    projectAcres: z.number(),
    partnerCap: z.number(),
    minimumAcres: z.number(),
  }),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

export const toPublicSettings = (
  settings: BusinessSettings,
  channels: DeliveryChannels,
  packageReady = false,
): PublicSettings => ({
  contact: {
    phone: settings.contactPhone,
    whatsapp: settings.contactWhatsapp,
    email: settings.contactEmail,
    address: settings.contactAddress,
  },
  officeHours: settings.officeHours,
  escrow: isEscrowAccountSet(settings)
    ? {
        bankName: settings.escrowBankName!,
        accountName: settings.escrowAccountName!,
        accountNumber: settings.escrowAccountNumber!,
      }
    : null,
  channels,
  packageReady,
  project: toProjectFacts(settings),
  terms: toBusinessTerms(settings) satisfies BusinessTerms,
});

export const SETTINGS_CHANGE_SOURCES = ['admin', 'configuration'] as const;

export const SettingsHistoryEntrySchema = z.object({
  at: z.string(),
  source: z.enum(SETTINGS_CHANGE_SOURCES),
  /** The admin's username; null for configuration. */
  changedBy: z.string().nullable(),
  changes: z.array(SettingsChangeSchema),
});
export type SettingsHistoryEntry = z.infer<typeof SettingsHistoryEntrySchema>;

/** GET /api/admin/settings: the current settings and every change, newest first. */
export const AdminSettingsSchema = z.object({
  settings: BusinessSettingsSchema,
  history: z.array(SettingsHistoryEntrySchema),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;
