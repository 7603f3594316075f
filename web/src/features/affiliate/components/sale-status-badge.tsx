import type { SaleStatus } from '@acres/contracts/constants';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { DecisionStatusBadge } from '@/components/status/status-badge';

const LOOK = {
  pending: { label: 'Pending', variant: 'warning', Icon: Clock },
  verified: { label: 'Verified', variant: 'success', Icon: CheckCircle2 },
  rejected: { label: 'Rejected', variant: 'destructive', Icon: XCircle },
} as const;

/** SPEC 4: pending, verified or rejected; a missing status reads as pending. */
export function SaleStatusBadge({ status }: { status: SaleStatus | null | undefined }) {
  return <DecisionStatusBadge looks={LOOK} status={status} testId="sale-status" />;
}
