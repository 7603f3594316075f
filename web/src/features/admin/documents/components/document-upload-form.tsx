import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS } from '@acres/contracts';
import type { z } from 'zod';
import { reportSubmitFailure } from '@/components/form/fields';
import { FieldList, SubmitButton } from '@/components/form/form-parts';
import { FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { toast } from '@/components/ui/use-toast';
import { DocumentUploadFormSchema } from '../lib/document-file';
import { DocumentFileField } from './document-file-field';

type Values = z.input<typeof DocumentUploadFormSchema>;
export type DocumentUpload = z.output<typeof DocumentUploadFormSchema>;

const categoryOptions = DOCUMENT_CATEGORIES.map((category) => ({ value: category, label: DOCUMENT_CATEGORY_LABELS[category] }));

/** A new document of the room: its title, its category of the package, and the file. */
export function DocumentUploadForm({ onUpload }: { onUpload: (upload: DocumentUpload) => Promise<unknown> }) {
  const form = useSchemaForm(DocumentUploadFormSchema, { title: '', category: undefined, file: undefined });
  const pending = form.formState.isSubmitting;

  async function handleSubmit(values: DocumentUpload) {
    try {
      await onUpload(values);
      toast({ variant: 'success', title: 'Document uploaded', description: `“${values.title}” is in the room.` });
      form.reset({ title: '', category: undefined, file: undefined });
    } catch (error) {
      reportSubmitFailure(form, error, 'Upload failed', 'Please try again.');
    }
  }

  return (
    <SchemaForm form={form} onSubmit={handleSubmit} aria-label="Upload a document" className="flex flex-col gap-4">
      <FieldList<Values>
        disabled={pending}
        fields={[
          { name: 'title', label: 'Title', required: true, 'data-testid': 'document-title', inputProps: { maxLength: 120 } },
          {
            kind: 'select',
            name: 'category',
            label: 'Category',
            required: true,
            options: categoryOptions,
            controlProps: { placeholder: 'Select the category', 'data-testid': 'document-category' },
          },
        ]}
      />
      <DocumentFileField<Values> name="file" label="File" disabled={pending} testId="document-file" />
      <FormRootError />
      <SubmitButton pending={pending} label="Upload document" pendingLabel="Uploading…" data-testid="document-upload" />
    </SchemaForm>
  );
}
