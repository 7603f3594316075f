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
