import type { AdminLead } from '@acres/contracts';
import { DetailListSection } from '@/features/admin/shell/components/detail-list';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { AssignOwnerForm, LogActivityForm, MoveStageForm } from './lead-pipeline-forms';
import { LeadStageBadge, OverdueBadge, ownerLabel } from './lead-stage-badge';
import { LeadTimeline } from './lead-timeline';

/** Where the lead stands, what the team may do next, and what it did so far. */
export function LeadPipelineSection({ lead }: { lead: AdminLead }) {
  return (
    <div className="flex flex-col gap-4" data-testid="lead-pipeline">
      <DetailListSection
        title="Pipeline"
        items={[
          {
            label: 'Stage',
            value: (
              <span className="flex flex-wrap items-center gap-1">
                <LeadStageBadge stage={lead.stage} />
                {lead.overdue ? <OverdueBadge /> : null}
              </span>
            ),
          },
          { label: 'Owner', value: ownerLabel(lead.ownerId), testId: 'lead-owner' },
          { label: 'First contact', value: lead.firstContactAt ? formatDateTime(lead.firstContactAt) : 'Not yet' },
          { label: 'Last activity', value: lead.lastActivityAt ? formatDateTime(lead.lastActivityAt) : 'None yet' },
        ]}
      />
      {/* Keyed by the lead's state: after a change each form starts again from what the lead is now. */}
      <div key={`${lead.stage}:${lead.ownerId}`} className="grid grid-cols-1 gap-3">
        <LogActivityForm lead={lead} />
        <MoveStageForm lead={lead} />
        <AssignOwnerForm lead={lead} />
      </div>
      <LeadTimeline leadId={lead.id} />
    </div>
  );
}
