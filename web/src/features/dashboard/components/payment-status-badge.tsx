import type { PaymentStatus } from '@acres/contracts';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { DecisionStatusBadge } from '@/components/status/status-badge';

const LOOK = {
  pending: { label: 'Pending review', variant: 'warning', Icon: Clock },
  approved: { label: 'Approved', variant: 'success', Icon: CheckCircle2 },
  rejected: { label: 'Rejected', variant: 'destructive', Icon: XCircle },
} as const;

/** SPEC 4: pending, approved or rejected; anything else (a missing status) shows as pending. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus | null | undefined }) {
  return <DecisionStatusBadge looks={LOOK} status={status} testId="payment-status" />;
}
