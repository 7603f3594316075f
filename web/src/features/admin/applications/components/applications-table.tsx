import { type AdminApplication, type AdminApplicationsResponse, formatMillions, type Subscription } from '@acres/contracts';
import { formatDate, formatDateTime } from '@/features/admin/shell/lib/format-date';
import type { AdminList } from '@/features/admin/shell/components/admin-list-panel';
import type { DataColumn } from '@/features/admin/shell/components/data-table';
import { RowCard, Stacked } from '@/features/admin/shell/components/row-parts';
import { StatusBadge } from '@/features/admin/shell/components/status-badge';

export function applicantName(subscription: Subscription): string {
  return [subscription.firstName, subscription.otherName, subscription.surname].filter(Boolean).join(' ');
}

const columns: readonly DataColumn<Subscription>[] = [
  {
    id: 'number',
    header: 'Application',
    cell: (s) => <span className="font-mono text-xs font-semibold text-brand-800">{s.applicationNumber}</span>,
  },
  {
    id: 'name',
    header: 'Applicant',
    cell: (s) => <Stacked value={applicantName(s)} detail={s.email} />,
  },
  {
    id: 'acres',
    header: 'Acres',
    align: 'right',
    cell: (s) => <span className="font-semibold tabular-nums">{s.acresSubscribed.toLocaleString('en-NG')}</span>,
  },
  {
    id: 'value',
    header: 'Value',
    align: 'right',
    cell: (s) => <span className="tabular-nums">{formatMillions(s.subscriptionValue)}</span>,
  },
  { id: 'status', header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
  {
    id: 'date',
    header: 'Submitted',
    className: 'whitespace-nowrap text-slate-600',
    cell: (s) => <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>,
  },
];

function ApplicationCard({ subscription: s }: { subscription: Subscription }) {
  return (
    <RowCard
      title={applicantName(s)}
      lines={<span className="truncate text-sm text-slate-500">{s.email}</span>}
      badge={<StatusBadge status={s.status} />}
    >
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="font-mono text-xs font-semibold text-brand-800">{s.applicationNumber}</span>
        <span aria-hidden="true">·</span>
        <span className="font-semibold text-brand-800">
          {s.acresSubscribed} acres · {formatMillions(s.subscriptionValue)}
        </span>
        <span aria-hidden="true">·</span>
        <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>
      </span>
    </RowCard>
  );
}

export const APPLICATIONS_LIST: AdminList<AdminApplication, AdminApplicationsResponse> = {
  label: 'Applications',
  rows: 'subscriptions',
  stepBackWhenEmpty: true,
  rowLabel: (s) => `application ${s.applicationNumber} from ${applicantName(s)}`,
  caption: 'Applications, newest first',
  columns,
  renderCard: (s) => <ApplicationCard subscription={s} />,
  rowTestId: 'application-row',
};
