import { FileText, SearchX } from 'lucide-react';
import { AdminListPanel, useSelectedRow } from '@/features/admin/shell/components/admin-list-panel';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { StatusFilter } from '@/features/admin/shell/components/status-filter';
import { useFilteredList } from '@/features/admin/shell/lib/use-list-paging';
import { type ApplicationFilter, useAdminSubscriptions } from '../api/applications-api';
import { ApplicationReviewDialog } from './application-review-dialog';
import { APPLICATIONS_LIST } from './applications-table';
import { ExportApplicationsButton } from './export-applications-button';

/** All / Pending / Approved / Rejected, one chosen at a time. */
const FILTERS: readonly { value: ApplicationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const EMPTY_FILTERED: Record<Exclude<ApplicationFilter, 'all'>, string> = {
  pending: 'No applications are waiting for review.',
  approved: 'No application has been approved yet.',
  rejected: 'No application has been rejected.',
};

/** Full applications (subscriptions): a status filter, the list, the CSV export and the review dialog. */
export function ApplicationsPanel() {
  const { filter: status, setFilter: setStatus, paging } = useFilteredList<ApplicationFilter>('all');
  const query = useAdminSubscriptions({ ...paging.page, status });
  const [shown, setSelected] = useSelectedRow(query.data?.subscriptions);
  const empty =
    status === 'all' ? (
      <EmptyState icon={FileText} title="No applications yet" data-testid="applications-empty">
        Applications submitted through the Full Application form appear here, newest first.
      </EmptyState>
    ) : (
      <EmptyState icon={SearchX} title={`No ${status} applications`} data-testid="applications-empty">
        {EMPTY_FILTERED[status]}
      </EmptyState>
    );

  return (
    <AdminListPanel
      list={APPLICATIONS_LIST}
      state={{ query, paging, open: setSelected }}
      empty={empty}
      header={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <StatusFilter
            label="Filter applications by status"
            testIdPrefix="applications-filter"
            options={FILTERS}
            value={status}
            onChange={setStatus}
          />
          <ExportApplicationsButton status={status} />
        </div>
      }
    >
      <ApplicationReviewDialog application={shown} onClose={() => setSelected(null)} />
    </AdminListPanel>
  );
}
