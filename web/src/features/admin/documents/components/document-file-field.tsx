import type { FieldValues, Path } from 'react-hook-form';
import { FormField } from '@/components/form/schema-form';
import { Input } from '@/components/ui/input';
import { DOCUMENT_FILE_ACCEPT } from '../lib/document-file';

/** The file of a document: the input hands the chosen File to the form (the schema checks it). */
export function DocumentFileField<T extends FieldValues>({
  name,
  label,
  disabled,
  testId,
}: {
  name: Path<T>;
  label: string;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <FormField<T>
      name={name}
      label={label}
      hint="A PDF document or a JPG, PNG or WebP image, up to 20 MB."
      required
      render={(control) => (
        <Input
          type="file"
          id={control.id}
          name={control.name}
          accept={DOCUMENT_FILE_ACCEPT}
          ref={control.ref}
          onBlur={control.onBlur}
          onChange={(event) => control.onChange(event.target.files?.[0])}
          disabled={disabled || control.disabled}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          aria-required={control['aria-required']}
          data-testid={testId}
        />
      )}
    />
  );
}
