import type { Payment } from '@acres/contracts';
import { Receipt, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminPage } from '@/features/admin/shell/api/admin-client';
import { useAdminCounters } from '@/features/admin/shell/api/use-admin-query';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { Pagination } from '@/features/admin/shell/components/pagination';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { type PaymentFilter, useAdminAllocation, useAdminPayments } from '../api/payments-api';
import { AllocationGauge } from './allocation-gauge';
import { PaymentReviewDialog } from './payment-review-dialog';
import { PaymentStatusFilter } from './payment-status-filter';
import { PaymentsTable } from './payments-table';

const EMPTY_FILTERED: Record<Exclude<PaymentFilter, 'all'>, string> = {
  pending: 'No payments are waiting for review.',
  approved: 'No payment has been approved yet.',
  rejected: 'No payment has been rejected.',
};

/** Payment proofs to review (SPEC 2, Admin): the allocation, a status filter, the list and the review dialog. */
export function PaymentsPanel() {
  // The page belongs to a filter: another filter starts again at the first page.
  const [paging, setPaging] = useState<AdminPage & { status: PaymentFilter }>({ status: 'all', offset: 0 });
  const { status, offset, cursor } = paging;
  const [selected, setSelected] = useState<Payment | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { data, error, isLoading, mutate } = useAdminPayments({ offset, cursor, status });
  const { data: allocation } = useAdminAllocation();
  const { data: counters } = useAdminCounters();
  // Decisions move payments out of a status filter: a page left empty steps back to the last page that has rows.
  useEffect(() => {
    if (!data || data.payments.length > 0 || offset === 0) return;
    const last = data.total > 0 ? Math.floor((data.total - 1) / ADMIN_PAGE_SIZE) * ADMIN_PAGE_SIZE : 0;
    setPaging((current) =>
      current.status === status && current.offset === offset
        ? // By offset: the cursor of a page left empty has no rows to step back from.
          { status, offset: Math.min(last, offset - ADMIN_PAGE_SIZE) }
        : current,
    );
  }, [data, offset, status]);
  // The dialog follows the list: after a refresh it shows the payment as it is now.
  const shown = selected ? (data?.payments.find((p) => p.id === selected.id) ?? selected) : null;

  let body;
  if (error && !data) {
    body = <PanelError what="payments" error={error} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <ListSkeleton />;
  } else if (data.payments.length === 0) {
    body =
      status === 'all' ? (
        <EmptyState icon={Receipt} title="No payment proofs yet" data-testid="payments-empty">
          When investors submit proof of payment from their dashboard, it appears here for you to approve or reject.
        </EmptyState>
      ) : (
        <EmptyState icon={SearchX} title={`No ${status} payments`} data-testid="payments-empty">
          {EMPTY_FILTERED[status]}
        </EmptyState>
      );
  } else {
    body = (
      <>
        <PaymentsTable payments={data.payments} onOpen={setSelected} busy={isLoading} />
        <Pagination
          label="Payments"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          total={data.total}
          shown={data.payments.length}
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
    <section ref={sectionRef} aria-label="Payments" className="flex scroll-mt-20 flex-col gap-4">
      <AllocationGauge allocation={allocation} />
      <PaymentStatusFilter value={status} onChange={(next) => setPaging({ status: next, offset: 0 })} counters={counters} />
      {body}
      <PaymentReviewDialog payment={shown} onClose={() => setSelected(null)} />
    </section>
  );
}
