import type { Subscription } from '@acres/contracts';
import { FileText } from 'lucide-react';
import { useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminPage } from '@/features/admin/shell/api/admin-client';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { Pagination } from '@/features/admin/shell/components/pagination';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { useAdminSubscriptions } from '../api/applications-api';
import { ApplicationDetailDialog } from './application-detail-dialog';
import { ApplicationsTable } from './applications-table';

/** Full applications (subscriptions) submitted through the five-step wizard. */
export function ApplicationsPanel() {
  const [{ offset, cursor }, setPage] = useState<AdminPage>({ offset: 0 });
  const [selected, setSelected] = useState<Subscription | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { data, error, isLoading, mutate } = useAdminSubscriptions({ offset, cursor });

  let body;
  if (error && !data) {
    body = <PanelError what="applications" error={error} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <ListSkeleton />;
  } else if (data.subscriptions.length === 0) {
    body = (
      <EmptyState icon={FileText} title="No applications yet" data-testid="applications-empty">
        Applications submitted through the Full Application form appear here, newest first.
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
            setPage({ offset: next, cursor: nextCursor });
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} aria-label="Applications" className="flex scroll-mt-20 flex-col gap-4">
      {body}
      <ApplicationDetailDialog subscription={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
