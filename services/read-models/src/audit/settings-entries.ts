import { SETTINGS_FIELD_LABELS } from '@acres/contracts/settings-reads';
import { auditEntry } from './entry.ts';

export const settingsChanged = auditEntry('BusinessSettingsChanged', 'settings.changed', (data) => {
  const fields = data.changes.map((change) => SETTINGS_FIELD_LABELS[change.field]).join(', ');
  return {
    at: data.changedAt,
    actor: [data.source === 'admin' ? 'admin' : 'system', data.changedBy],
    subject: ['settings', 'business'],
    summary: data.source === 'admin' ? `Changed settings: ${fields}` : `Set settings from the configuration: ${fields}`,
    changes: JSON.stringify(data.changes),
  };
});
