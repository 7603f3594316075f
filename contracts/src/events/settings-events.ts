import { z } from 'zod';
import { SETTINGS_CHANGE_SOURCES, SettingsChangeSchema } from '../settings-reads.ts';
import { EventTimestampSchema } from './metadata.ts';

/** The admin (or, once, the configuration at start-up) changed business settings: who, when, old → new. */
export const BusinessSettingsChangedDataSchema = z.object({
  source: z.enum(SETTINGS_CHANGE_SOURCES),
  /** The admin's username; null when the configuration seeded the settings. */
  changedBy: z.string().min(1).nullable(),
  changes: z.array(SettingsChangeSchema).min(1),
  changedAt: EventTimestampSchema,
});
export type BusinessSettingsChangedData = z.infer<typeof BusinessSettingsChangedDataSchema>;
