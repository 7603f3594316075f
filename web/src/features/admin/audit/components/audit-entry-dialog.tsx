import { AUDIT_KIND_LABELS, type AuditEntry } from '@acres/contracts/audit-log';
import { SETTINGS_FIELD_LABELS } from '@acres/contracts/settings-reads';
import { ExternalLink, Filter } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DetailList } from '@/features/admin/shell/components/detail-list';
import { formatDateTime } from '@acres/contracts/lagos-time';
import { actorLabel, SUBJECT_LABELS, SUBJECT_TABS, subjectLabel } from '../lib/audit-labels';

const notSet = <em className="text-slate-500 not-italic">not set</em>;

function Changes({ entry }: { entry: AuditEntry }) {
  if (!entry.changes?.length) return null;
  return (
    <ul className="space-y-1" data-testid="audit-entry-changes">
      {entry.changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="text-slate-500">{SETTINGS_FIELD_LABELS[change.field]}:</span> {change.from ?? notSet}{' '}
          <span aria-label="changed to">→</span> <span className="font-medium">{change.to ?? notSet}</span>
        </li>
      ))}
    </ul>
  );
}

/** One entry in full: who, what, when, the notes, old → new, and the way to its subject (named, never by its id). */
export function AuditEntryDialog({
  entry,
  onClose,
  onOpenSubjectTab,
  onFilterSubject,
}: {
  entry: AuditEntry | null;
  onClose: () => void;
  onOpenSubjectTab: (entry: AuditEntry) => void;
  onFilterSubject: (entry: AuditEntry) => void;
}) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl" data-testid="audit-entry-dialog">
        {entry ? (
          <>
            <DialogHeader>
              <DialogTitle>{AUDIT_KIND_LABELS[entry.kind]}</DialogTitle>
              <DialogDescription>{entry.summary}</DialogDescription>
            </DialogHeader>
            <DetailList
              items={[
                { label: 'When', value: formatDateTime(entry.occurredAt) },
                { label: 'Who', value: actorLabel(entry), testId: 'audit-entry-actor' },
                {
                  label: SUBJECT_LABELS[entry.subjectType],
                  wide: true,
                  testId: 'audit-entry-subject',
                  value: subjectLabel(entry),
                },
                { label: 'Notes', wide: true, value: entry.notes ?? '—', testId: 'audit-entry-notes' },
                ...(entry.changes?.length ? [{ label: 'Changes', wide: true, value: <Changes entry={entry} /> }] : []),
              ]}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onFilterSubject(entry)} data-testid="audit-entry-filter">
                <Filter aria-hidden="true" />
                Everything about this {SUBJECT_LABELS[entry.subjectType].toLowerCase()}
              </Button>
              {SUBJECT_TABS[entry.subjectType] ? (
                <Button type="button" onClick={() => onOpenSubjectTab(entry)} data-testid="audit-entry-open-tab">
                  <ExternalLink aria-hidden="true" />
                  Open the {SUBJECT_TABS[entry.subjectType]} tab
                </Button>
              ) : null}
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
