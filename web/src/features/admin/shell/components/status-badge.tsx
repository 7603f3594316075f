import { Badge } from '@/components/ui/badge';

const VARIANTS = {
  pending: 'warning',
  approved: 'success',
  verified: 'success',
  rejected: 'destructive',
} as const;

/** pending / approved / rejected, coloured; an unknown status reads as pending (SPEC 4). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const key = status && status in VARIANTS ? (status as keyof typeof VARIANTS) : 'pending';
  return (
    <Badge variant={VARIANTS[key]} className="capitalize">
      {key}
    </Badge>
  );
}
