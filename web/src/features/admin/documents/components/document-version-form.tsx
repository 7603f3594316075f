import { SubmitButton } from '@/components/form/form-parts';
import { reportSubmitFailure } from '@/components/form/fields';
import { FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { toast } from '@/components/ui/use-toast';
import type { z } from 'zod';
import { DocumentVersionFormSchema } from '../lib/document-file';
import { DocumentFileField } from './document-file-field';

type Values = z.input<typeof DocumentVersionFormSchema>;

/** A new file for a document: it becomes the current version, the old ones stay listed. */
export function DocumentVersionForm({ title, onUpload }: { title: string; onUpload: (file: File) => Promise<unknown> }) {
  const form = useSchemaForm(DocumentVersionFormSchema, { file: undefined });
  const pending = form.formState.isSubmitting;

  async function handleSubmit({ file }: z.output<typeof DocumentVersionFormSchema>) {
    try {
      await onUpload(file);
      toast({ variant: 'success', title: 'New version uploaded', description: `The room now shows the new “${title}”.` });
      form.reset({ file: undefined });
    } catch (error) {
      reportSubmitFailure(form, error, 'Upload failed', 'Please try again.');
    }
  }

  return (
    <SchemaForm form={form} onSubmit={handleSubmit} aria-label={`New version of ${title}`} className="flex flex-col gap-3">
      <DocumentFileField<Values> name="file" label="New version" disabled={pending} testId="document-version-file" />
      <FormRootError />
      <SubmitButton
        pending={pending}
        size="md"
        variant="outline"
        label="Upload new version"
        pendingLabel="Uploading…"
        data-testid="document-version-upload"
      />
    </SchemaForm>
  );
}
