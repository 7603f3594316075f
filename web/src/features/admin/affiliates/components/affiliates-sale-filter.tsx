import { StatusFilter } from '@/features/admin/shell/components/status-filter';
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
    <StatusFilter
      label="Filter sales by status"
      testIdPrefix="sales-filter"
      options={FILTERS}
      value={value}
      onChange={onChange}
      badge={(option) =>
        option === 'pending' && pendingCount ? (
          <span
            className="rounded-full bg-amber-100 px-1 text-xs font-semibold text-amber-900 tabular-nums"
            data-testid="sales-pending-count"
          >
            {pendingCount.toLocaleString('en-NG')}
          </span>
        ) : null
      }
    />
  );
}
