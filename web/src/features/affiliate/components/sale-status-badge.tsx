import type { SaleStatus } from '@acres/contracts/constants';
import { DecisionStatusBadge } from '@/components/status/status-badge';

const LABELS = { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' } as const;

/** SPEC 4: pending, verified or rejected; a missing status reads as pending. */
export function SaleStatusBadge({ status }: { status: SaleStatus | null | undefined }) {
  return <DecisionStatusBadge labels={LABELS} status={status} testId="sale-status" />;
}
