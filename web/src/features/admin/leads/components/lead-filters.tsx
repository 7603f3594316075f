import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadStage } from '@acres/contracts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { StatusFilter } from '@/features/admin/shell/components/status-filter';

export type LeadFilterValues = { stage: LeadStage | 'all'; owner: string; overdue: boolean };

const STAGE_OPTIONS = [
  { value: 'all', label: 'All stages' },
  ...LEAD_STAGES.map((stage) => ({ value: stage, label: LEAD_STAGE_LABELS[stage] })),
] as const;

const OVERDUE_OPTIONS = [
  { value: 'any', label: 'All leads' },
  { value: 'overdue', label: 'Overdue only' },
] as const;

/** The pipeline's filters: a stage, an owner (a staff id, or "unassigned") and overdue only. */
export function LeadFilters({ value, onChange }: { value: LeadFilterValues; onChange: (next: LeadFilterValues) => void }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-[12rem_12rem_auto] sm:items-end" data-testid="lead-filters">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="lead-filter-stage">Stage</Label>
        <Select
          id="lead-filter-stage"
          options={STAGE_OPTIONS}
          value={value.stage}
          onValueChange={(stage) => onChange({ ...value, stage: stage as LeadFilterValues['stage'] })}
          data-testid="lead-filter-stage"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="lead-filter-owner">Owner</Label>
        <Input
          id="lead-filter-owner"
          value={value.owner}
          onChange={(event) => onChange({ ...value, owner: event.target.value })}
          placeholder="Any owner"
          data-testid="lead-filter-owner"
        />
      </div>
      <StatusFilter
        label="Show overdue leads only"
        testIdPrefix="lead-filter-overdue"
        options={OVERDUE_OPTIONS}
        value={value.overdue ? 'overdue' : 'any'}
        onChange={(next) => onChange({ ...value, overdue: next === 'overdue' })}
      />
    </div>
  );
}
