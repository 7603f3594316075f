import { Receipt, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useAdminCounters } from '@/features/admin/shell/api/use-admin-query';
import { AdminListPanel, useSelectedRow } from '@/features/admin/shell/components/admin-list-panel';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { useListPaging } from '@/features/admin/shell/lib/use-list-paging';
import { useDebouncedValue } from '@/features/admin/leads/lib/use-debounced-value';
import { NO_PAYMENT_FILTER, type PaymentAuditFilter, type PaymentFilter, useAdminPayments } from '../api/payments-api';
import { AllocationSection } from './allocation-section';
import { hasAuditFilter, PaymentAuditFilters } from './payment-audit-filters';
import { PaymentReviewDialog } from './payment-review-dialog';
import { PaymentStatusFilter } from './payment-status-filter';
import { PAYMENTS_LIST, submitterName } from './payments-table';

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
  const paging = useListPaging(JSON.stringify(applied));
  const query = useAdminPayments({ ...applied, ...paging.page });
  const { data: counters } = useAdminCounters();
  const narrowed = hasAuditFilter(applied);
  const searching = filter.search.trim() !== search || (query.isValidating && Boolean(query.data));
  const [shown, setSelected] = useSelectedRow(query.data?.payments);
  const change = (patch: Partial<PaymentAuditFilter>) => setFilter((current) => ({ ...current, ...patch }));

  let empty;
  if (narrowed) {
    empty = (
      <EmptyState icon={SearchX} title="No matching payments" data-testid="payments-empty">
        Nothing matches these filters. Try another name, email, payment ID or dates, or clear the filters.
      </EmptyState>
    );
  } else if (applied.status === 'all') {
    empty = (
      <EmptyState icon={Receipt} title="No payment proofs yet" data-testid="payments-empty">
        When investors submit proof of payment from their dashboard, it appears here for you to approve or reject.
      </EmptyState>
    );
  } else {
    empty = (
      <EmptyState icon={SearchX} title={`No ${applied.status} payments`} data-testid="payments-empty">
        {EMPTY_FILTERED[applied.status]}
      </EmptyState>
    );
  }

  const filters = (
    <>
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
    </>
  );

  return (
    <AdminListPanel list={PAYMENTS_LIST} state={{ query, paging, open: setSelected }} empty={empty} header={filters}>
      <PaymentReviewDialog
        payment={shown}
        onClose={() => setSelected(null)}
        onShowInvestor={(payment) => {
          change({ investor: { id: payment.userId, label: submitterName(payment) } });
          setSelected(null);
        }}
      />
    </AdminListPanel>
  );
}
