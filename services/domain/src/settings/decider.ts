import {
  checkBusinessSettings,
  EMPTY_BUSINESS_SETTINGS,
  SETTINGS_FIELDS,
  SETTINGS_MESSAGES,
  type BusinessSettings,
  type DomainEventOf,
  type SettingsChange,
  type SettingsField,
} from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { throwIfInvalid } from '../validation.ts';

/** Who changes the settings: an admin (by username) or, once at start-up, the configuration. */
export type SettingsChanger = { source: 'admin'; username: string } | { source: 'configuration' };

/**
 * The whole settings as they should be (the Settings form sends every field; '' or null = not
 * set; a field left out keeps its value). Only the fields that differ from the current
 * settings become the event's changes.
 */
export type ChangeBusinessSettings = {
  type: 'ChangeBusinessSettings';
  now: Date;
  changer: SettingsChanger;
  settings: Partial<Record<SettingsField, string | null>>;
};
export type SettingsCommand = ChangeBusinessSettings;

export type BusinessSettingsChanged = DomainEventOf<'BusinessSettingsChanged'>;
export type SettingsEvent = BusinessSettingsChanged;

export type SettingsState = { settings: BusinessSettings; changes: number };

export const initialSettingsState: SettingsState = { settings: EMPTY_BUSINESS_SETTINGS, changes: 0 };

export const evolveSettings = (state: SettingsState, event: SettingsEvent): SettingsState => {
  switch (event.type) {
    case 'BusinessSettingsChanged': {
      const settings = { ...state.settings };
      for (const change of event.data.changes) settings[change.field] = change.to;
      return { settings, changes: state.changes + 1 };
    }
    default:
      return assertNever(event.type, 'settings event');
  }
};

const changeSettings = (command: ChangeBusinessSettings, state: SettingsState): SettingsEvent[] => {
  // The configuration only seeds settings nobody has set yet: a restart never overrides the admin.
  if (command.changer.source === 'configuration' && state.changes > 0) return [];
  const given = Object.fromEntries(
    SETTINGS_FIELDS.map((field) => [
      field,
      command.settings[field] === undefined ? state.settings[field] : command.settings[field],
    ]),
  );
  const { settings, errors } = checkBusinessSettings(given);
  throwIfInvalid(errors);
  const changes: SettingsChange[] = SETTINGS_FIELDS.filter((field) => settings[field] !== state.settings[field]).map((field) => ({
    field,
    from: state.settings[field],
    to: settings[field],
  }));
  if (changes.length === 0) {
    if (command.changer.source === 'configuration') return [];
    throw new DomainError('unprocessable', SETTINGS_MESSAGES.nothingChanged);
  }
  return [
    {
      type: 'BusinessSettingsChanged',
      data: {
        source: command.changer.source,
        changedBy: command.changer.source === 'admin' ? command.changer.username : null,
        changes,
        changedAt: command.now.toISOString(),
      },
    },
  ];
};

export const settingsDecider = createDecider<SettingsCommand, SettingsEvent, SettingsState>(
  initialSettingsState,
  evolveSettings,
  {
    ChangeBusinessSettings: changeSettings,
  },
);

export const decideSettings = settingsDecider.decide;
