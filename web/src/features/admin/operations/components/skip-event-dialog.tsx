import { SKIP_REASON_MAX, SkipPoisonEventFormSchema, type SkipPoisonEventForm } from '@acres/contracts/projection-operations';
import { LoaderCircle } from 'lucide-react';
import { TextareaField, reportSubmitFailure } from '@/components/form/fields';
import { FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import type { ProjectionStatus } from '../api/operations-api';
import { stoppedAt } from '../lib/stopped-at';

type Values = SkipPoisonEventForm;

function SkipForm({
  row,
  onSkip,
  onClose,
}: {
  row: ProjectionStatus;
  onSkip: (form: SkipPoisonEventForm) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useSchemaForm(SkipPoisonEventFormSchema, { position: row.failedPosition ?? '', reason: '' });
  const pending = form.formState.isSubmitting;

  async function handleSubmit(values: SkipPoisonEventForm) {
    try {
      await onSkip(values);
      toast({ variant: 'success', title: 'Event skipped', description: `${row.name} goes on after it.` });
      onClose();
    } catch (error) {
      reportSubmitFailure(form, error, 'Event not skipped', 'Please try again.');
    }
  }

  return (
    <SchemaForm form={form} onSubmit={handleSubmit} aria-label="Skip the failing event" className="flex flex-col gap-4">
      <TextareaField<Values>
        name="reason"
        label="Reason"
        hint={`Kept with the parked event and in the audit log (at most ${SKIP_REASON_MAX} characters).`}
        controlProps={{ rows: 3, maxLength: SKIP_REASON_MAX, disabled: pending, 'data-testid': 'skip-reason' }}
      />
      <FormRootError />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={pending} data-testid="skip-confirm">
          {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {pending ? 'Skipping…' : 'Skip event'}
        </Button>
      </div>
    </SchemaForm>
  );
}

/** The CLI's `skip <name> --position N --reason "…"`: parks the event a projection stopped on (the position is sent, not shown). */
export function SkipEventDialog({
  row,
  onSkip,
  onClose,
}: {
  row: ProjectionStatus | null;
  onSkip: (row: ProjectionStatus, form: SkipPoisonEventForm) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      {row ? (
        <DialogContent className="max-w-lg" closeLabel="Close" data-testid="skip-dialog">
          <DialogHeader>
            <DialogTitle>Skip the failing event of {row.name}</DialogTitle>
            <DialogDescription>
              The {row.name} projection stopped on {row.failedEventType ? `a ${row.failedEventType} event` : 'an event'}
              {stoppedAt(row)}. Skipping parks it with its error and your reason, and the projection goes on after it. Skip only
              an event that can never be applied; once its cause is fixed, Resume instead.
            </DialogDescription>
          </DialogHeader>
          <SkipForm key={`${row.name}:${row.failedPosition}`} row={row} onSkip={(form) => onSkip(row, form)} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
