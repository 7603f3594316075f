import type { AdminCounters } from '@acres/contracts';
import { cn } from '@/lib/cn';
import { StatusFilter } from '@/features/admin/shell/components/status-filter';
import type { PaymentFilter } from '../api/payments-api';

const FILTERS: readonly { value: PaymentFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** How many payments each choice shows, from the counters (rejected = the rest). */
export function countsByFilter(counters: AdminCounters | undefined): Partial<Record<PaymentFilter, number>> {
  if (!counters) return {};
  const { totalPayments: all, pendingApprovals: pending, approvedPayments: approved } = counters;
  return { all, pending, approved, rejected: Math.max(all - pending - approved, 0) };
}

/** All / Pending / Approved / Rejected, one chosen at a time. */
export function PaymentStatusFilter({
  value,
  onChange,
  counters,
}: {
  value: PaymentFilter;
  onChange: (value: PaymentFilter) => void;
  counters: AdminCounters | undefined;
}) {
  const counts = countsByFilter(counters);
  return (
    <StatusFilter
      label="Filter payments by status"
      testIdPrefix="payments-filter"
      options={FILTERS}
      value={value}
      onChange={onChange}
      badge={(option, active) => {
        const count = counts[option];
        return count === undefined ? null : (
          <span
            className={cn(
              'hidden rounded-full px-1.5 text-xs font-semibold tabular-nums sm:inline',
              active ? 'bg-brand-100 text-brand-800' : 'bg-slate-200 text-slate-700',
            )}
          >
            {count.toLocaleString('en-NG')}
          </span>
        );
      }}
    />
  );
}
