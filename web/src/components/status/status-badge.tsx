import type { LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

export type StatusLook = { label: string; variant: 'warning' | 'success' | 'destructive'; Icon: LucideIcon };

/** A decided-once status (pending, then accepted or rejected) as a badge with its icon; a missing status reads as pending. */
export function DecisionStatusBadge<S extends string>({
  looks,
  status,
  testId,
}: {
  looks: Readonly<Record<S, StatusLook>> & { readonly pending: StatusLook };
  status: S | null | undefined;
  testId: string;
}) {
  const look = (status && looks[status]) || looks.pending;
  const { Icon } = look;
  return (
    <Badge variant={look.variant} data-testid={testId} data-status={status ?? 'pending'}>
      <Icon className="size-3.5" aria-hidden="true" />
      {look.label}
    </Badge>
  );
}
