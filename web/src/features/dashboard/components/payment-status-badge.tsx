import type { PaymentStatus } from '@acres/contracts';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const LOOK = {
  pending: { label: 'Pending review', variant: 'warning', Icon: Clock },
  approved: { label: 'Approved', variant: 'success', Icon: CheckCircle2 },
  rejected: { label: 'Rejected', variant: 'destructive', Icon: XCircle },
} as const;

/** SPEC 4: pending, approved or rejected; anything else (a missing status) shows as pending. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus | null | undefined }) {
  const look = (status && LOOK[status]) || LOOK.pending;
  const { Icon } = look;
  return (
    <Badge variant={look.variant} data-testid="payment-status" data-status={status ?? 'pending'}>
      <Icon className="size-3.5" aria-hidden="true" />
      {look.label}
    </Badge>
  );
}
