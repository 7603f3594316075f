// The parts every long form is built of: its fields as a list, its titled sections, its submit
// button. One module, so the pages that load on demand share one small chunk.
import type { FieldValues } from 'react-hook-form';
import {
  CheckboxField,
  type CheckboxFieldProps,
  NumberField,
  type NumberFieldProps,
  PhoneField,
  type PhoneFieldProps,
  SelectField,
  type SelectFieldProps,
  TextareaField,
  type TextareaFieldProps,
} from './fields';
import { FormField, type FormFieldProps } from './schema-form';
import { LoaderCircle } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { type ReactNode, useId } from 'react';

/** A field as data: a text input (or its own `render`) unless `kind` names another control. */
export type FieldSpec<T extends FieldValues> =
  | ({ kind?: 'input' } & FormFieldProps<T>)
  | ({ kind: 'phone' } & PhoneFieldProps<T>)
  | ({ kind: 'select' } & SelectFieldProps<T>)
  | ({ kind: 'textarea' } & TextareaFieldProps<T>)
  | ({ kind: 'number' } & NumberFieldProps<T>)
  | ({ kind: 'checkbox' } & CheckboxFieldProps<T>);

function Field<T extends FieldValues>({ spec, off }: { spec: FieldSpec<T>; off: { disabled?: boolean } }) {
  switch (spec.kind) {
    case 'phone':
      return <PhoneField<T> {...spec} controlProps={{ ...off, ...spec.controlProps }} />;
    case 'select':
      return <SelectField<T> {...spec} controlProps={{ ...off, ...spec.controlProps }} />;
    case 'textarea':
      return <TextareaField<T> {...spec} controlProps={{ ...off, ...spec.controlProps }} />;
    case 'number':
      return <NumberField<T> {...spec} controlProps={{ ...off, ...spec.controlProps }} />;
    case 'checkbox':
      return <CheckboxField<T> {...spec} controlProps={{ ...off, ...spec.controlProps }} />;
    default:
      return <FormField<T> {...spec} inputProps={{ ...off, ...spec.inputProps }} />;
  }
}

/** Fields one after another, from data; `disabled` (while the form is sent) reaches every control. */
export function FieldList<T extends FieldValues>({ fields, disabled }: { fields: readonly FieldSpec<T>[]; disabled?: boolean }) {
  const off = disabled === undefined ? {} : { disabled };
  return (
    <>
      {fields.map((spec) => (
        <Field<T> key={spec.name} spec={spec} off={off} />
      ))}
    </>
  );
}

/** A form's submit button: disabled with a spinner and `pendingLabel` while the form is sent. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  size = 'lg',
  ...props
}: Omit<ButtonProps, 'type' | 'disabled' | 'children'> & { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" size={size} disabled={pending} {...props}>
      {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {pending ? pendingLabel : label}
    </Button>
  );
}

/** A titled group of a long form's fields, in two columns from small screens up. */
export function FormSection({
  title,
  description,
  heading: Heading = 'h2',
  spacing = 'pt-6',
  children,
}: {
  title: string;
  description: string;
  /** The title's level in the page. */
  heading?: 'h2' | 'h3';
  /** The room above the section's rule. */
  spacing?: 'pt-5' | 'pt-6';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <fieldset
      aria-labelledby={titleId}
      className={`grid gap-4 border-t border-slate-100 ${spacing} first:border-t-0 first:pt-0 sm:grid-cols-2`}
    >
      <div className="sm:col-span-2">
        <Heading id={titleId} className="text-base font-semibold text-brand-950">
          {title}
        </Heading>
        <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </fieldset>
  );
}
