import { cn } from '@/lib/cn';
import type { SaleFilter } from '../api/affiliates-api';

const FILTERS: readonly { value: SaleFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** Pending (the work to do, first) / Verified / Rejected / All, one chosen at a time. */
export function AffiliatesSaleFilter({
  value,
  onChange,
  pendingCount,
}: {
  value: SaleFilter;
  onChange: (value: SaleFilter) => void;
  /** Sales waiting for a decision, shown on Pending once known. */
  pendingCount: number | undefined;
}) {
  return (
    <div
      role="group"
      aria-label="Filter sales by status"
      className="grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1 sm:inline-flex sm:w-fit"
    >
      {FILTERS.map((filter) => {
        const active = filter.value === value;
        const count = filter.value === 'pending' ? pendingCount : undefined;
        return (
          <button
            key={filter.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(filter.value)}
            data-testid={`sales-filter-${filter.value}`}
            className={cn(
              'inline-flex h-9 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold-500 sm:px-4',
              active ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {filter.label}
            {count ? (
              <span
                className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 tabular-nums"
                data-testid="sales-pending-count"
              >
                {count.toLocaleString('en-NG')}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
