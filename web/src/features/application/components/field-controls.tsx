import type { ApplicationFormInput } from '@acres/contracts';
import { FormField, type FormFieldProps } from '@/components/form/schema-form';

/** FormField bound to the application's values, so field names are checked. */
export function ApplicationField(props: FormFieldProps<ApplicationFormInput>) {
  return <FormField<ApplicationFormInput> {...props} />;
}
