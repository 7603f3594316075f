import { StatusFilter } from '@/features/admin/shell/components/status-filter';
import type { ApplicationFilter } from '../api/applications-api';

const FILTERS: readonly { value: ApplicationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** All / Pending / Approved / Rejected, one chosen at a time. */
export function ApplicationStatusFilter({
  value,
  onChange,
}: {
  value: ApplicationFilter;
  onChange: (value: ApplicationFilter) => void;
}) {
  return (
    <StatusFilter
      label="Filter applications by status"
      testIdPrefix="applications-filter"
      options={FILTERS}
      value={value}
      onChange={onChange}
    />
  );
}
