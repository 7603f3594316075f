import type { ApplicationFormInput } from '@acres/contracts';
import type { ReactNode } from 'react';
import { FormField, type FieldControlProps, type FormFieldProps } from '@/components/form/schema-form';
import { Select, type SelectOption } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

/** FormField bound to the application's values, so field names are checked. */
export function ApplicationField(props: FormFieldProps<ApplicationFormInput>) {
  return <FormField<ApplicationFormInput> {...props} />;
}

/** A `render` for FormField: a labelled dropdown of fixed options. */
export function selectControl(options: readonly SelectOption[], placeholder: string) {
  return function SelectControl(control: FieldControlProps): ReactNode {
    return (
      <Select
        id={control.id}
        name={control.name}
        options={options}
        value={typeof control.value === 'string' ? control.value : undefined}
        onValueChange={control.onChange}
        onBlur={control.onBlur}
        placeholder={placeholder}
        required={control['aria-required']}
        aria-invalid={control['aria-invalid']}
        aria-describedby={control['aria-describedby']}
      />
    );
  };
}

/** A `render` for FormField: a short multi-line text (addresses). */
export function textareaControl(autoComplete?: string) {
  return function TextareaControl(control: FieldControlProps): ReactNode {
    return (
      <Textarea
        id={control.id}
        name={control.name}
        ref={control.ref}
        rows={2}
        autoComplete={autoComplete}
        value={typeof control.value === 'string' ? control.value : ''}
        onChange={(e) => control.onChange(e.target.value)}
        onBlur={control.onBlur}
        aria-invalid={control['aria-invalid']}
        aria-describedby={control['aria-describedby']}
        aria-required={control['aria-required']}
      />
    );
  };
}
