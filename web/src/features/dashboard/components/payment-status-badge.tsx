import type { PaymentStatus } from '@acres/contracts';
import { DecisionStatusBadge } from '@/components/status/status-badge';

const LABELS = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' } as const;

/** SPEC 4: pending, approved or rejected; anything else (a missing status) shows as pending. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus | null | undefined }) {
  return <DecisionStatusBadge labels={LABELS} status={status} testId="payment-status" />;
}
