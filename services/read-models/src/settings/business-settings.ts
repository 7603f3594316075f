// Business settings (DESIGN 10): one row per changed field of each BusinessSettingsChanged
// event (the projector's projections/settings/business-settings). The newest row of each
// field is its current value; the rows grouped by event are the admin's change history.

import {
  EMPTY_BUSINESS_SETTINGS,
  SETTINGS_FIELDS,
  type BusinessSettings,
  type SettingsField,
  type SettingsHistoryEntry,
} from '@acres/contracts/settings-reads';
import { defineReadModel, type Position, type SqlTypes } from '../shared/read-model.ts';

export const BUSINESS_SETTINGS = defineReadModel(
  'business-settings',
  'business_settings_changes',
  '1700000000013_business-settings.sql',
);

export type BusinessSettingsChangeRow = {
  /** With field the key: a replayed event is a no-op. */
  global_position: Position;
  field: SettingsField;
  changed_at: Date;
  source: 'admin' | 'configuration';
  changed_by: string | null;
  from_value: string | null;
  to_value: string | null;
};

export const BUSINESS_SETTINGS_COLUMNS = {
  global_position: 'bigint',
  field: 'text',
  changed_at: 'timestamptz',
  source: 'text',
  changed_by: 'text',
  from_value: 'text',
  to_value: 'text',
} as const satisfies SqlTypes<BusinessSettingsChangeRow>;

const isSettingsField = (field: string): field is SettingsField => (SETTINGS_FIELDS as readonly string[]).includes(field);

/** The newest row of each field → the settings (a field never changed is null). */
export const toBusinessSettings = (rows: readonly Pick<BusinessSettingsChangeRow, 'field' | 'to_value'>[]): BusinessSettings => {
  const settings = { ...EMPTY_BUSINESS_SETTINGS };
  for (const row of rows) if (isSettingsField(row.field)) settings[row.field] = row.to_value;
  return settings;
};

/** Rows in log order, newest first → one entry per event. */
export const toSettingsHistory = (rows: readonly BusinessSettingsChangeRow[]): SettingsHistoryEntry[] => {
  const entries = new Map<Position, SettingsHistoryEntry>();
  for (const row of rows) {
    if (!isSettingsField(row.field)) continue;
    let entry = entries.get(row.global_position);
    if (!entry) {
      entry = { at: row.changed_at.toISOString(), source: row.source, changedBy: row.changed_by, changes: [] };
      entries.set(row.global_position, entry);
    }
    entry.changes.push({ field: row.field, from: row.from_value, to: row.to_value });
  }
  const order = (field: SettingsField) => SETTINGS_FIELDS.indexOf(field);
  return [...entries.values()].map((entry) => ({
    ...entry,
    changes: entry.changes.sort((a, b) => order(a.field) - order(b.field)),
  }));
};
