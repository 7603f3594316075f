import { type AdminAuditLogResponse, AUDIT_KIND_LABELS, type AuditEntry } from '@acres/contracts/audit-log';
import { Badge } from '@/components/ui/badge';
import type { AdminList } from '@/features/admin/shell/components/admin-list-panel';
import type { DataColumn } from '@/features/admin/shell/components/data-table';
import { formatDateTime } from '@acres/contracts/lagos-time';
import { actorLabel, subjectLabel } from '../lib/audit-labels';

const columns: readonly DataColumn<AuditEntry>[] = [
  {
    id: 'when',
    header: 'When',
    className: 'whitespace-nowrap text-slate-600',
    cell: (entry) => <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>,
  },
  {
    id: 'who',
    header: 'Who',
    className: 'whitespace-nowrap',
    cell: (entry) => <span className="font-semibold text-slate-900">{actorLabel(entry)}</span>,
  },
  {
    id: 'what',
    header: 'What',
    cell: (entry) => (
      <span className="flex flex-col gap-1">
        <Badge variant="secondary" className="w-fit">
          {AUDIT_KIND_LABELS[entry.kind]}
        </Badge>
        <span className="text-slate-800">{entry.summary}</span>
      </span>
    ),
  },
  {
    id: 'subject',
    header: 'Subject',
    className: 'text-slate-700',
    cell: (entry) => <span className="break-words">{subjectLabel(entry)}</span>,
  },
  {
    id: 'notes',
    header: 'Notes',
    className: 'max-w-56 text-slate-600',
    cell: (entry) => (entry.notes ? <span className="line-clamp-2 break-words">{entry.notes}</span> : null),
  },
];

function AuditCard({ entry }: { entry: AuditEntry }) {
  return (
    <span className="flex flex-col gap-1.5">
      <span className="flex items-start justify-between gap-3">
        <Badge variant="secondary">{AUDIT_KIND_LABELS[entry.kind]}</Badge>
        <time dateTime={entry.occurredAt} className="text-xs text-slate-500">
          {formatDateTime(entry.occurredAt)}
        </time>
      </span>
      <span className="text-sm text-slate-900">{entry.summary}</span>
      <span className="text-sm text-slate-600">
        by <span className="font-semibold text-slate-900">{actorLabel(entry)}</span> · <span>{subjectLabel(entry)}</span>
      </span>
      {entry.notes ? <span className="line-clamp-2 text-sm break-words text-slate-600">“{entry.notes}”</span> : null}
    </span>
  );
}

export const AUDIT_LIST: AdminList<AuditEntry, AdminAuditLogResponse> = {
  label: 'Audit log',
  rows: 'entries',
  rowLabel: (entry) => `${AUDIT_KIND_LABELS[entry.kind]}: ${subjectLabel(entry)}`,
  rowKey: (entry) => entry.position,
  caption: 'Audit log, newest first',
  columns,
  renderCard: (entry) => <AuditCard entry={entry} />,
  rowTestId: 'audit-row',
};
