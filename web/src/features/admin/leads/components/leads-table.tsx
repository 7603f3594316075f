import { type AdminLead, type AdminLeadsResponse, COMMITMENT_LABELS } from '@acres/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatDateTime } from '@/features/admin/shell/lib/format-date';
import type { AdminList } from '@/features/admin/shell/components/admin-list-panel';
import type { DataColumn } from '@/features/admin/shell/components/data-table';
import { RowCard, Stacked } from '@/features/admin/shell/components/row-parts';
import { LeadStageBadge, OverdueBadge, ownerLabel } from './lead-stage-badge';

function acresLabel(acres: number): string {
  return `${acres.toLocaleString('en-NG')} acre${acres === 1 ? '' : 's'}`;
}

function StageCell({ lead }: { lead: AdminLead }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <LeadStageBadge stage={lead.stage} />
      {lead.overdue ? <OverdueBadge /> : null}
    </span>
  );
}

const columns: readonly DataColumn<AdminLead>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (lead) => <Stacked value={lead.fullName} detail={lead.email} />,
  },
  { id: 'stage', header: 'Stage', cell: (lead) => <StageCell lead={lead} /> },
  { id: 'owner', header: 'Owner', cell: (lead) => ownerLabel(lead.ownerId) },
  { id: 'role', header: 'Role', cell: (lead) => <Badge variant="secondary">{lead.role}</Badge> },
  {
    id: 'acres',
    header: 'Acres',
    align: 'right',
    cell: (lead) => <span className="font-semibold tabular-nums">{lead.intendedAcres.toLocaleString('en-NG')}</span>,
  },
  { id: 'commitment', header: 'Commitment', cell: (lead) => COMMITMENT_LABELS[lead.commitment] },
  {
    id: 'date',
    header: 'Received',
    className: 'whitespace-nowrap text-slate-600',
    cell: (lead) => <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>,
  },
];

function LeadCard({ lead }: { lead: AdminLead }) {
  return (
    <RowCard
      title={lead.fullName}
      lines={<span className="truncate text-sm text-slate-500">{lead.company || lead.email}</span>}
      badge={<StageCell lead={lead} />}
    >
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="font-semibold text-brand-800">{acresLabel(lead.intendedAcres)}</span>
        <span aria-hidden="true">·</span>
        <span>{COMMITMENT_LABELS[lead.commitment]}</span>
        <span aria-hidden="true">·</span>
        <span>{ownerLabel(lead.ownerId)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={lead.createdAt}>{formatDate(lead.createdAt)}</time>
      </span>
    </RowCard>
  );
}

export const LEADS_LIST: AdminList<AdminLead, AdminLeadsResponse> = {
  label: 'Leads',
  rows: 'leads',
  rowLabel: (lead) => lead.fullName,
  caption: 'Leads, newest first',
  columns,
  renderCard: (lead) => <LeadCard lead={lead} />,
  rowTestId: 'lead-row',
};
