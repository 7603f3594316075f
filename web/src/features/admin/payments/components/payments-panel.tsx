import type { Payment } from '@acres/contracts';
import { Receipt, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminPage } from '@/features/admin/shell/api/admin-client';
import { useAdminCounters } from '@/features/admin/shell/api/use-admin-query';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { Pagination } from '@/features/admin/shell/components/pagination';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { useDebouncedValue } from '@/features/admin/leads/lib/use-debounced-value';
import { NO_PAYMENT_FILTER, type PaymentAuditFilter, type PaymentFilter, useAdminPayments } from '../api/payments-api';
import { AllocationSection } from './allocation-section';
import { hasAuditFilter, PaymentAuditFilters } from './payment-audit-filters';
import { PaymentReviewDialog } from './payment-review-dialog';
import { PaymentStatusFilter } from './payment-status-filter';
import { PaymentsTable, submitterName } from './payments-table';

const SEARCH_DEBOUNCE_MS = 300;
const RANGE_ERROR = 'The “to” day must be on or after the “from” day.';

const EMPTY_FILTERED: Record<Exclude<PaymentFilter, 'all'>, string> = {
  pending: 'No payments are waiting for review.',
  approved: 'No payment has been approved yet.',
  rejected: 'No payment has been rejected.',
};

/**
 * Payment proofs to review and audit (SPEC 2, Admin; issue 12): the allocation, the status
 * filter, the audit's search, dates and investor, the list with who decided, and the review dialog.
 */
export function PaymentsPanel() {
  const [filter, setFilter] = useState<PaymentAuditFilter>(NO_PAYMENT_FILTER);
  const search = useDebouncedValue(filter.search.trim(), SEARCH_DEBOUNCE_MS);
  const rangeError = filter.from && filter.to && filter.from > filter.to ? RANGE_ERROR : null;
  // What the list and the export ask for: the debounced search, and no dates while they contradict each other.
  const applied: PaymentAuditFilter = { ...filter, search, ...(rangeError ? { from: '', to: '' } : {}) };
  const filterKey = JSON.stringify(applied);
  // The page belongs to a filter: another filter starts again at the first page.
  const [paging, setPaging] = useState<AdminPage & { filterKey: string }>({ filterKey, offset: 0 });
  const offset = paging.filterKey === filterKey ? paging.offset : 0;
  const cursor = paging.filterKey === filterKey ? paging.cursor : undefined;
  const [selected, setSelected] = useState<Payment | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { data, error, isLoading, isValidating, mutate } = useAdminPayments({ ...applied, offset, cursor });
  const { data: counters } = useAdminCounters();
  const narrowed = hasAuditFilter(applied);
  const searching = filter.search.trim() !== search || (isValidating && Boolean(data));
  // Decisions move payments out of a status filter: a page left empty steps back to the last page that has rows.
  useEffect(() => {
    if (!data || data.payments.length > 0 || offset === 0) return;
    const last = data.total > 0 ? Math.floor((data.total - 1) / ADMIN_PAGE_SIZE) * ADMIN_PAGE_SIZE : 0;
    setPaging((current) =>
      current.filterKey === filterKey && current.offset === offset
        ? // By offset: the cursor of a page left empty has no rows to step back from.
          { filterKey, offset: Math.min(last, offset - ADMIN_PAGE_SIZE) }
        : current,
    );
  }, [data, offset, filterKey]);
  // The dialog follows the list: after a refresh it shows the payment as it is now.
  const shown = selected ? (data?.payments.find((p) => p.id === selected.id) ?? selected) : null;
  const change = (patch: Partial<PaymentAuditFilter>) => setFilter((current) => ({ ...current, ...patch }));

  let body;
  if (error && !data) {
    body = <PanelError what="payments" error={error} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <ListSkeleton />;
  } else if (data.payments.length === 0) {
    if (narrowed) {
      body = (
        <EmptyState icon={SearchX} title="No matching payments" data-testid="payments-empty">
          Nothing matches these filters. Try another name, email, payment ID or dates, or clear the filters.
        </EmptyState>
      );
    } else if (applied.status === 'all') {
      body = (
        <EmptyState icon={Receipt} title="No payment proofs yet" data-testid="payments-empty">
          When investors submit proof of payment from their dashboard, it appears here for you to approve or reject.
        </EmptyState>
      );
    } else {
      body = (
        <EmptyState icon={SearchX} title={`No ${applied.status} payments`} data-testid="payments-empty">
          {EMPTY_FILTERED[applied.status]}
        </EmptyState>
      );
    }
  } else {
    body = (
      <>
        <PaymentsTable payments={data.payments} onOpen={setSelected} busy={isLoading} />
        <Pagination
          label="Payments"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          total={data.total}
          totalCapped={data.totalCapped}
          shown={data.payments.length}
          nextCursor={data.nextCursor}
          prevCursor={data.prevCursor}
          onOffsetChange={(next, nextCursor) => {
            setPaging({ filterKey, offset: next, cursor: nextCursor });
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} aria-label="Payments" className="flex scroll-mt-20 flex-col gap-4">
      <AllocationSection />
      <PaymentAuditFilters
        filter={filter}
        applied={applied}
        onChange={change}
        onClear={() => setFilter((current) => ({ ...NO_PAYMENT_FILTER, status: current.status }))}
        searching={searching}
        rangeError={rangeError}
      />
      <PaymentStatusFilter
        value={filter.status}
        onChange={(status) => change({ status })}
        // The counters count every payment: beside a narrowed list they would mislead.
        counters={narrowed ? undefined : counters}
      />
      {body}
      <PaymentReviewDialog
        payment={shown}
        onClose={() => setSelected(null)}
        onShowInvestor={(payment) => {
          change({ investor: { id: payment.userId, label: submitterName(payment) } });
          setSelected(null);
        }}
      />
    </section>
  );
}
