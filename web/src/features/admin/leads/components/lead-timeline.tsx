import { LEAD_ACTIVITY_LABELS, LEAD_STAGE_LABELS, type LeadTimelineEntry } from '@acres/contracts';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { useLeadTimeline } from '../api/leads-api';
import { ownerLabel } from './lead-stage-badge';

function what(entry: LeadTimelineEntry): string {
  switch (entry.type) {
    case 'reserved':
      return 'Reserved a slot';
    case 'owner':
      return `Owner: ${ownerLabel(entry.ownerId ?? '')}`;
    case 'stage':
      return `${entry.from ? LEAD_STAGE_LABELS[entry.from] : '?'} → ${entry.to ? LEAD_STAGE_LABELS[entry.to] : '?'}`;
    case 'activity':
      return entry.activity ? LEAD_ACTIVITY_LABELS[entry.activity] : 'Activity';
    case 'materials':
      return materialsWhat(entry);
  }
}

function materialsWhat(entry: LeadTimelineEntry): string {
  switch (entry.materials) {
    case 'sent':
      return 'Sent the due-diligence materials';
    case 'revoked':
      return 'Revoked the materials link';
    case 'viewed':
      return 'Opened the materials page';
    case 'downloaded':
      return `Downloaded ${entry.documentTitle ? `“${entry.documentTitle}”` : 'a document'}`;
    default:
      return 'Due-diligence materials';
  }
}

function who(entry: LeadTimelineEntry): string {
  if (entry.actorKind === 'system') return 'Automatic';
  if (entry.type === 'reserved') return 'The visitor';
  if (entry.materials === 'viewed' || entry.materials === 'downloaded') return 'The lead';
  return entry.actor ?? 'Staff';
}

/** The lead's timeline, oldest first: its reservation and everything the team did since. */
export function LeadTimeline({ leadId }: { leadId: string }) {
  const { data, error } = useLeadTimeline(leadId);
  return (
    <DetailSection title="Timeline">
      {error ? <p className="text-sm text-red-800">The timeline could not be loaded.</p> : null}
      {!data && !error ? <p className="text-sm text-slate-500">Loading the timeline…</p> : null}
      {data ? (
        <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4" data-testid="lead-timeline">
          {data.entries.map((entry) => (
            <li
              key={`${entry.at}-${entry.type}-${entry.to ?? entry.activity ?? entry.ownerId ?? entry.materials ?? ''}-${entry.documentId ?? ''}`}
              data-testid="lead-timeline-entry"
            >
              <p className="text-sm font-medium text-slate-900">{what(entry)}</p>
              {entry.text ? <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{entry.text}</p> : null}
              <p className="text-xs text-slate-600">
                {who(entry)} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      ) : null}
    </DetailSection>
  );
}
