import { SETTINGS_FIELD_LABELS, type SettingsField, type SettingsHistoryEntry } from '@acres/contracts/settings';
import { formatContactPhone } from '@/lib/business-settings';
import { formatDateTime } from '@acres/contracts/lagos-time';
import { splitPhotoPaths } from '@acres/contracts/project-facts';

const PHONE_FIELDS: readonly SettingsField[] = ['contactPhone', 'contactWhatsapp'];

const show = (field: SettingsField, value: string | null) => {
  if (value === null) return <em className="text-slate-500 not-italic">not set</em>;
  // The gallery is stored as its files' paths: the staff see how many photos, not where they are kept.
  if (field === 'projectPhotos') {
    const count = splitPhotoPaths(value).length;
    return `${count} ${count === 1 ? 'photo' : 'photos'}`;
  }
  return PHONE_FIELDS.includes(field) ? formatContactPhone(value) : value;
};

/** Every change: who (or the configuration), when, each field old → new; newest first. */
export function SettingsHistory({ history }: { history: readonly SettingsHistoryEntry[] }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">No changes yet.</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="settings-history">
      {history.map((entry) => (
        <li
          key={`${entry.at}-${entry.changes.map((c) => c.field).join()}`}
          className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
        >
          <p className="text-slate-600">
            <span className="font-semibold text-slate-900">
              {entry.source === 'configuration' ? 'Configuration (at start-up)' : entry.changedBy}
            </span>{' '}
            · {formatDateTime(entry.at)}
          </p>
          <ul className="mt-1.5 space-y-1">
            {entry.changes.map((change) => (
              <li key={change.field} className="break-words">
                <span className="text-slate-500">{SETTINGS_FIELD_LABELS[change.field]}:</span> {show(change.field, change.from)}{' '}
                <span aria-label="changed to">→</span> <span className="font-medium">{show(change.field, change.to)}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
