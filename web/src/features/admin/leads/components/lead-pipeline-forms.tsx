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
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
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
    <LeadCommandForm
      form={form}
      send={send}
      label="Log an activity"
      submit={{ label: 'Log activity', pendingLabel: 'Logging…', testId: 'lead-activity-submit' }}
    >
      <SelectField name="kind" label="Activity" options={KIND_OPTIONS} controlProps={{ 'data-testid': 'lead-activity-kind' }} />
      <TextareaField
        name="text"
        label="What happened"
        controlProps={{ rows: 2, maxLength: MAX_ACTIVITY_TEXT_LENGTH, 'data-testid': 'lead-activity-text' }}
      />
    </LeadCommandForm>
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
    <LeadCommandForm
      form={form}
      send={send}
      label="Change the stage"
      submit={{ label: 'Change stage', pendingLabel: 'Changing…', testId: 'lead-stage-submit' }}
    >
      <SelectField name="stage" label="Move to" options={options} controlProps={{ 'data-testid': 'lead-stage-select' }} />
      {lost ? (
        <TextareaField
          name="reason"
          label="Why is it lost?"
          required
          controlProps={{ rows: 2, maxLength: MAX_LOST_REASON_LENGTH, 'data-testid': 'lead-stage-reason' }}
        />
      ) : null}
    </LeadCommandForm>
  );
}

/** Give the lead to a staff member (their id), to oneself, or back to nobody. */
export function AssignOwnerForm({ lead }: { lead: AdminLead }) {
  const me = useAdminSession().session?.username;
  const form = useSchemaForm(AssignLeadOwnerRequestSchema, { ownerId: lead.ownerId === UNASSIGNED_OWNER ? '' : lead.ownerId });
  const send = useLeadCommand({ leadId: lead.id, action: 'owner', form, done: 'Owner assigned', failed: 'Owner not assigned' });
  return (
    <LeadCommandForm
      form={form}
      send={send}
      label="Assign the owner"
      submit={{ label: 'Assign', pendingLabel: 'Assigning…', testId: 'lead-owner-submit' }}
      beside={
        me ? (
          <Button
            type="button"
            variant="outline"
            disabled={form.formState.isSubmitting}
            onClick={() => void send({ ownerId: me })}
            data-testid="lead-owner-me"
          >
            Assign to me
          </Button>
        ) : null
      }
    >
      <FormField name="ownerId" label="Owner" hint={`A staff member's id, or “${UNASSIGNED_OWNER}”.`} inputProps={OWNER_INPUT} />
    </LeadCommandForm>
  );
}

/**
 * The frame each pipeline form shares: its fields, the server's refusal, then the submit
 * button, alone at the end or in a row after the buttons `beside` it.
 */
function LeadCommandForm<TIn extends FieldValues, TOut>(props: {
  form: UseFormReturn<TIn, unknown, TOut>;
  send: (values: TOut) => Promise<void>;
  label: string;
  submit: { label: string; pendingLabel: string; testId: string };
  beside?: ReactNode;
  children: ReactNode;
}) {
  const { form, submit } = props;
  const button = (className?: string) => (
    <SubmitButton
      pending={form.formState.isSubmitting}
      label={submit.label}
      pendingLabel={submit.pendingLabel}
      size="md"
      className={className}
      data-testid={submit.testId}
    />
  );
  return (
    <SchemaForm form={form} onSubmit={props.send} aria-label={props.label} className={FORM_CLASS}>
      {props.children}
      <FormRootError />
      {props.beside === undefined ? (
        button('sm:self-end')
      ) : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {props.beside}
          {button()}
        </div>
      )}
    </SchemaForm>
  );
}
