import { LEAD_STAGE_LABELS, UNASSIGNED_OWNER, type LeadStage } from '@acres/contracts';
import { AlarmClock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const VARIANTS = {
  new: 'outline',
  contacted: 'secondary',
  materials_sent: 'gold',
  applied: 'default',
  paid: 'success',
  lost: 'destructive',
} as const satisfies Record<LeadStage, string>;

/** Where a lead stands in the pipeline, coloured by stage. */
export function LeadStageBadge({ stage }: { stage: LeadStage }) {
  return (
    <Badge variant={VARIANTS[stage]} data-testid="lead-stage-badge" data-stage={stage}>
      {LEAD_STAGE_LABELS[stage]}
    </Badge>
  );
}

/** Still new past the 24 hours the product promises: the words say it, not only the colour. */
export function OverdueBadge() {
  return (
    <Badge variant="warning" data-testid="lead-overdue-badge">
      <AlarmClock aria-hidden="true" className="size-3" />
      Overdue
    </Badge>
  );
}

/** The owner as the team reads it (a staff id until staff accounts give names). */
export function ownerLabel(ownerId: string): string {
  return ownerId === UNASSIGNED_OWNER ? 'Unassigned' : ownerId;
}
