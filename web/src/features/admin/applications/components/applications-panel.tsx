import type { AdminApplication } from '@acres/contracts';
import { FileText, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminPage } from '@/features/admin/shell/api/admin-client';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { Pagination } from '@/features/admin/shell/components/pagination';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { type ApplicationFilter, useAdminSubscriptions } from '../api/applications-api';
import { ApplicationReviewDialog } from './application-review-dialog';
import { ApplicationStatusFilter } from './application-status-filter';
import { ApplicationsTable } from './applications-table';
import { ExportApplicationsButton } from './export-applications-button';

const EMPTY_FILTERED: Record<Exclude<ApplicationFilter, 'all'>, string> = {
  pending: 'No applications are waiting for review.',
  approved: 'No application has been approved yet.',
  rejected: 'No application has been rejected.',
};

/** Full applications (subscriptions): a status filter, the list, the CSV export and the review dialog. */
export function ApplicationsPanel() {
  // The page belongs to a filter: another filter starts again at the first page.
  const [paging, setPaging] = useState<AdminPage & { status: ApplicationFilter }>({ status: 'all', offset: 0 });
  const { status, offset, cursor } = paging;
  const [selected, setSelected] = useState<AdminApplication | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { data, error, isLoading, mutate } = useAdminSubscriptions({ offset, cursor, status });
  // Decisions move applications out of a status filter: a page left empty steps back.
  useEffect(() => {
    if (!data || data.subscriptions.length > 0 || offset === 0) return;
    const last = data.total > 0 ? Math.floor((data.total - 1) / ADMIN_PAGE_SIZE) * ADMIN_PAGE_SIZE : 0;
    setPaging((current) =>
      current.status === status && current.offset === offset
        ? { status, offset: Math.min(last, offset - ADMIN_PAGE_SIZE) }
        : current,
    );
  }, [data, offset, status]);
  // The dialog follows the list: after a refresh it shows the application as it is now.
  const shown = selected ? (data?.subscriptions.find((s) => s.id === selected.id) ?? selected) : null;

  let body;
  if (error && !data) {
    body = <PanelError what="applications" error={error} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <ListSkeleton />;
  } else if (data.subscriptions.length === 0) {
    body =
      status === 'all' ? (
        <EmptyState icon={FileText} title="No applications yet" data-testid="applications-empty">
          Applications submitted through the Full Application form appear here, newest first.
        </EmptyState>
      ) : (
        <EmptyState icon={SearchX} title={`No ${status} applications`} data-testid="applications-empty">
          {EMPTY_FILTERED[status]}
        </EmptyState>
      );
  } else {
    body = (
      <>
        <ApplicationsTable subscriptions={data.subscriptions} onOpen={setSelected} busy={isLoading} />
        <Pagination
          label="Applications"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          total={data.total}
          shown={data.subscriptions.length}
          nextCursor={data.nextCursor}
          prevCursor={data.prevCursor}
          onOffsetChange={(next, nextCursor) => {
            setPaging({ status, offset: next, cursor: nextCursor });
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} aria-label="Applications" className="flex scroll-mt-20 flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ApplicationStatusFilter value={status} onChange={(next) => setPaging({ status: next, offset: 0 })} />
        <ExportApplicationsButton status={status} />
      </div>
      {body}
      <ApplicationReviewDialog application={shown} onClose={() => setSelected(null)} />
    </section>
  );
}
