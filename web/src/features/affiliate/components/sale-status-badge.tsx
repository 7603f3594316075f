import type { SaleStatus } from '@acres/contracts/constants';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const LOOK = {
  pending: { label: 'Pending', variant: 'warning', Icon: Clock },
  verified: { label: 'Verified', variant: 'success', Icon: CheckCircle2 },
  rejected: { label: 'Rejected', variant: 'destructive', Icon: XCircle },
} as const;

/** SPEC 4: pending, verified or rejected; a missing status reads as pending. */
export function SaleStatusBadge({ status }: { status: SaleStatus | null | undefined }) {
  const look = (status && LOOK[status]) || LOOK.pending;
  const { Icon } = look;
  return (
    <Badge variant={look.variant} data-testid="sale-status" data-status={status ?? 'pending'}>
      <Icon className="size-3.5" aria-hidden="true" />
      {look.label}
    </Badge>
  );
}
