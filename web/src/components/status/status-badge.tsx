import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/**
 * A decided-once status as a badge with its icon: pending (amber, a clock), rejected (red,
 * a cross) or accepted under its own word (green, a check); a missing status reads as pending.
 */
export function DecisionStatusBadge<S extends string>({
  labels,
  status,
  testId,
}: {
  labels: Readonly<Record<S | 'pending', string>>;
  status: S | 'pending' | null | undefined;
  testId: string;
}) {
  const shown = status && labels[status] ? status : 'pending';
  const [variant, Icon] =
    shown === 'pending'
      ? (['warning', Clock] as const)
      : shown === 'rejected'
        ? (['destructive', XCircle] as const)
        : (['success', CheckCircle2] as const);
  return (
    <Badge variant={variant} data-testid={testId} data-status={status ?? 'pending'}>
      <Icon className="size-3.5" aria-hidden="true" />
      {labels[shown]}
    </Badge>
  );
}
