import type { AdminCounters } from '@acres/contracts';
import { cn } from '@/lib/cn';
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
    <div
      role="group"
      aria-label="Filter payments by status"
      className="grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1 sm:inline-flex sm:w-fit"
    >
      {FILTERS.map((filter) => {
        const active = filter.value === value;
        const count = counts[filter.value];
        return (
          <button
            key={filter.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(filter.value)}
            data-testid={`payments-filter-${filter.value}`}
            className={cn(
              'inline-flex h-9 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold-500 sm:px-4',
              active ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {filter.label}
            {count === undefined ? null : (
              <span
                className={cn(
                  'hidden rounded-full px-1.5 text-xs font-semibold tabular-nums sm:inline',
                  active ? 'bg-brand-100 text-brand-800' : 'bg-slate-200 text-slate-700',
                )}
              >
                {count.toLocaleString('en-NG')}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
