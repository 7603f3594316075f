import { SETTINGS_FIELD_LABELS } from '@acres/contracts/settings-reads';
import { parseEventData } from '../shared/projection/projection.ts';
import type { Mapper } from './entry.ts';

export const settingsChanged: Mapper = (event) => {
  const data = parseEventData('BusinessSettingsChanged', event);
  const fields = data.changes.map((change) => SETTINGS_FIELD_LABELS[change.field]).join(', ');
  return {
    occurred_at: data.changedAt,
    kind: 'settings.changed',
    actor_kind: data.source === 'admin' ? 'admin' : 'system',
    actor_id: data.changedBy,
    subject_type: 'settings',
    subject_id: 'business',
    summary: data.source === 'admin' ? `Changed settings: ${fields}` : `Set settings from the configuration: ${fields}`,
    notes: null,
    changes: JSON.stringify(data.changes),
  };
};
