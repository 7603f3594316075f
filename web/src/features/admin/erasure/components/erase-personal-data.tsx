import { type ErasableKind as ErasureKind, type ErasurePreview, EraseSubjectFormSchema } from '@acres/contracts/erasure';
import { ShieldX } from 'lucide-react';
import { useState } from 'react';
import { TextareaField } from '@/components/form/fields';
import { applyServerErrors, FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { useAdminAuthorization, useRefreshAdminData } from '@/features/admin/shell/api/use-admin-query';
import { describeError } from '@/lib/problem';
import { eraseSubject, useErasurePreview } from '../api/erasure-api';

const RECORD_NAMES: Record<string, [string, string]> = {
  lead: ['lead', 'leads'],
  application: ['application', 'applications'],
  user: ['investor account', 'investor accounts'],
  affiliate: ['affiliate record', 'affiliate records'],
  payment: ['payment', 'payments'],
  sale: ['reported sale', 'reported sales'],
};

const countsText = (preview: ErasurePreview) =>
  Object.entries(preview.counts)
    .map(([kind, count]) => `${count} ${(RECORD_NAMES[kind] ?? [kind, kind])[count === 1 ? 0 : 1]}`)
    .join(', ');

function ErasePreviewList({ preview }: { preview: ErasurePreview }) {
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-800" data-testid="erase-preview">
      <p>
        Names, emails, phone numbers, dates of birth, addresses, bank details, notes and uploaded images of{' '}
        <strong>{countsText(preview)}</strong> will read “erased”, and {preview.objects} uploaded image
        {preview.objects === 1 ? '' : 's'} will be deleted. Amounts, acres, dates and statuses stay, so every count and total
        stays the same. This cannot be undone.
      </p>
      <ul className="list-disc pl-5 text-slate-700">
        {preview.records.map((record) => (
          <li key={`${record.kind}:${record.id}`} data-testid="erase-preview-record">
            {record.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

// Not a literal at the call site: an object variable may carry data-* beside the input's props.
const CONFIRM_INPUT = { autoComplete: 'off', 'data-testid': 'erase-confirm' };

function EraseForm({ kind, id, preview }: { kind: ErasureKind; id: string; preview: ErasurePreview }) {
  const authorization = useAdminAuthorization();
  const refresh = useRefreshAdminData();
  const form = useSchemaForm(EraseSubjectFormSchema, { reason: '', confirm: '' });
  return (
    <SchemaForm
      form={form}
      className="flex flex-col gap-3"
      data-testid="erase-form"
      onSubmit={async (values) => {
        if (!authorization) return;
        try {
          const done = await eraseSubject(authorization, { kind, id, reason: values.reason });
          toast({
            variant: 'success',
            title: 'Personal data erased',
            description: `${done.subjects.length} keys destroyed, ${done.objectsDeleted} images deleted, ${done.sessionsEnded} sessions ended.`,
          });
          await refresh();
        } catch (error) {
          if (applyServerErrors(form, error) === 0) {
            toast({ variant: 'destructive', title: 'Erasure failed', description: describeError(error) });
          }
        }
      }}
    >
      <ErasePreviewList preview={preview} />
      <TextareaField
        name="reason"
        label="Reason for erasing"
        required
        hint="Kept in the audit trail with your username. Write no personal data here."
        controlProps={{ rows: 2, 'data-testid': 'erase-reason' }}
      />
      <FormField name="confirm" label="Type ERASE to confirm" required inputProps={CONFIRM_INPUT} />
      <FormRootError />
      <Button
        type="submit"
        variant="destructive"
        className="self-start"
        disabled={form.formState.isSubmitting}
        data-testid="erase-submit"
      >
        {form.formState.isSubmitting ? 'Erasing…' : 'Erase personal data'}
      </Button>
    </SchemaForm>
  );
}

function ErasePanel({ kind, id }: { kind: ErasureKind; id: string }) {
  const { data: preview, error } = useErasurePreview({ kind, id });
  if (error) return <p className="text-sm text-red-700">{describeError(error)}</p>;
  if (!preview) return <p className="text-sm text-slate-600">Finding everything of this person…</p>;
  if (preview.alreadyErased) {
    return (
      <p className="text-sm text-slate-700" data-testid="erase-done">
        This person’s personal data has been erased.
      </p>
    );
  }
  return <EraseForm kind={kind} id={id} preview={preview} />;
}

/** The NDPA's right to erasure: the admin sees what goes, gives a reason and confirms. */
export function ErasePersonalData({ kind, id }: { kind: ErasureKind; id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <DetailSection title="Personal data">
      {open ? (
        <ErasePanel kind={kind} id={id} />
      ) : (
        <Button type="button" variant="outline" className="self-start" onClick={() => setOpen(true)} data-testid="erase-open">
          <ShieldX aria-hidden="true" />
          Erase personal data
        </Button>
      )}
    </DetailSection>
  );
}
