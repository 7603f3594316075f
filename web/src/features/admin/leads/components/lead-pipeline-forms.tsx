import {
  AssignLeadOwnerRequestSchema,
  LEAD_ACTIVITY_KINDS,
  LEAD_ACTIVITY_LABELS,
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  LogLeadActivityRequestSchema,
  MAX_ACTIVITY_TEXT_LENGTH,
  MAX_LOST_REASON_LENGTH,
  MoveLeadStageRequestSchema,
  UNASSIGNED_OWNER,
  type AdminLead,
} from '@acres/contracts';
import { SelectField, TextareaField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/form-parts';
import { FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { useAdminSession } from '@/features/admin/shell/lib/admin-session';
import { useLeadCommand } from '../lib/use-lead-command';

const KIND_OPTIONS = LEAD_ACTIVITY_KINDS.map((kind) => ({ value: kind, label: LEAD_ACTIVITY_LABELS[kind] }));
const OWNER_INPUT = { autoComplete: 'off', 'data-testid': 'lead-owner-input' };
const FORM_CLASS = 'flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:p-4';

/** Log a call, WhatsApp, email, meeting or note; a contact on a new lead moves it to contacted. */
export function LogActivityForm({ lead }: { lead: AdminLead }) {
  const form = useSchemaForm(LogLeadActivityRequestSchema, { kind: 'call', text: '' });
  const send = useLeadCommand({
    leadId: lead.id,
    action: 'activities',
    form,
    done: 'Activity logged',
    failed: 'Activity not logged',
  });
  return (
    <SchemaForm form={form} onSubmit={send} aria-label="Log an activity" className={FORM_CLASS}>
      <SelectField name="kind" label="Activity" options={KIND_OPTIONS} controlProps={{ 'data-testid': 'lead-activity-kind' }} />
      <TextareaField
        name="text"
        label="What happened"
        controlProps={{ rows: 2, maxLength: MAX_ACTIVITY_TEXT_LENGTH, 'data-testid': 'lead-activity-text' }}
      />
      <FormRootError />
      <SubmitButton
        pending={form.formState.isSubmitting}
        label="Log activity"
        pendingLabel="Logging…"
        size="md"
        className="sm:self-end"
        data-testid="lead-activity-submit"
      />
    </SchemaForm>
  );
}

/** Move the lead to another stage; lost asks why. */
export function MoveStageForm({ lead }: { lead: AdminLead }) {
  const form = useSchemaForm(MoveLeadStageRequestSchema, { stage: undefined, reason: '' });
  const send = useLeadCommand({ leadId: lead.id, action: 'stage', form, done: 'Stage changed', failed: 'Stage not changed' });
  const options = LEAD_STAGES.filter((stage) => stage !== lead.stage).map((stage) => ({
    value: stage,
    label: LEAD_STAGE_LABELS[stage],
  }));
  const lost = form.watch('stage') === 'lost';
  return (
    <SchemaForm form={form} onSubmit={send} aria-label="Change the stage" className={FORM_CLASS}>
      <SelectField name="stage" label="Move to" options={options} controlProps={{ 'data-testid': 'lead-stage-select' }} />
      {lost ? (
        <TextareaField
          name="reason"
          label="Why is it lost?"
          required
          controlProps={{ rows: 2, maxLength: MAX_LOST_REASON_LENGTH, 'data-testid': 'lead-stage-reason' }}
        />
      ) : null}
      <FormRootError />
      <SubmitButton
        pending={form.formState.isSubmitting}
        label="Change stage"
        pendingLabel="Changing…"
        size="md"
        className="sm:self-end"
        data-testid="lead-stage-submit"
      />
    </SchemaForm>
  );
}

/** Give the lead to a staff member (their id), to oneself, or back to nobody. */
export function AssignOwnerForm({ lead }: { lead: AdminLead }) {
  const me = useAdminSession().session?.username;
  const form = useSchemaForm(AssignLeadOwnerRequestSchema, { ownerId: lead.ownerId === UNASSIGNED_OWNER ? '' : lead.ownerId });
  const send = useLeadCommand({ leadId: lead.id, action: 'owner', form, done: 'Owner assigned', failed: 'Owner not assigned' });
  const pending = form.formState.isSubmitting;
  return (
    <SchemaForm form={form} onSubmit={send} aria-label="Assign the owner" className={FORM_CLASS}>
      <FormField name="ownerId" label="Owner" hint={`A staff member's id, or “${UNASSIGNED_OWNER}”.`} inputProps={OWNER_INPUT} />
      <FormRootError />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {me ? (
          <Button
            type="button"
            variant="outline"
            disabled={pending}
            onClick={() => void send({ ownerId: me })}
            data-testid="lead-owner-me"
          >
            Assign to me
          </Button>
        ) : null}
        <SubmitButton pending={pending} label="Assign" pendingLabel="Assigning…" size="md" data-testid="lead-owner-submit" />
      </div>
    </SchemaForm>
  );
}
