import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Checkbox, type CheckboxProps } from '@/components/ui/checkbox';
import { NumberInput, type NumberInputProps } from '@/components/ui/number-input';
import { PhoneInput, type PhoneInputProps } from '@/components/ui/phone-input';
import { Select, type SelectOption, type SelectProps } from '@/components/ui/select';
import { Textarea, type TextareaProps } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/problem';
import { applyServerErrors, FormField, type FieldControlProps, type FormFieldProps } from './schema-form';

// Each adapter is a <FormField> whose control is wired to the form: id, name, ref (so a
// field in error takes focus), value, change, blur and the aria-* of label, hint and error.
// `controlProps` carries what is the control's own (placeholder, disabled, data-testid…).

/** What the wiring sets; the rest of a control's props may come in `controlProps`. */
type Wired = 'id' | 'name' | 'ref' | 'value' | 'onChange' | 'onBlur';
/** JSX takes any data-* attribute; an object literal of props needs the test id declared. */
type TestId = { 'data-testid'?: string };

type AdapterProps<T extends FieldValues> = Omit<FormFieldProps<T>, 'render' | 'inputProps'>;

/** The control props every adapter spreads (FormField's control without value and onChange). */
function wiring({ value: _value, onChange: _onChange, ...control }: FieldControlProps) {
  return control;
}

export type SelectFieldProps<T extends FieldValues> = AdapterProps<T> & {
  options: readonly SelectOption[];
  controlProps?: Omit<SelectProps, Wired | 'onValueChange' | 'options'>;
};

/** A dropdown of fixed options (a string field). */
export function SelectField<T extends FieldValues = FieldValues>({ options, controlProps, ...field }: SelectFieldProps<T>) {
  return (
    <FormField<T>
      {...field}
      render={(control) => (
        <Select
          ref={control.ref}
          id={control.id}
          name={control.name}
          options={options}
          value={typeof control.value === 'string' ? control.value : undefined}
          onValueChange={control.onChange}
          onBlur={control.onBlur}
          disabled={control.disabled}
          required={control['aria-required']}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          {...controlProps}
        />
      )}
    />
  );
}

export type PhoneFieldProps<T extends FieldValues> = AdapterProps<T> & {
  controlProps?: Omit<PhoneInputProps, Wired | 'onValueChange'> & TestId;
};

/** A phone number, formatted as it is typed (PhoneInput: '+234 803 123 4567'). */
export function PhoneField<T extends FieldValues = FieldValues>({ controlProps, ...field }: PhoneFieldProps<T>) {
  return (
    <FormField<T>
      {...field}
      render={(control) => (
        <PhoneInput
          {...wiring(control)}
          placeholder="+234 803 123 4567"
          {...controlProps}
          value={typeof control.value === 'string' ? control.value : ''}
          onValueChange={control.onChange}
        />
      )}
    />
  );
}

export type NumberFieldProps<T extends FieldValues> = AdapterProps<T> & {
  /** `fallback` is the number of a blank entry, and shown when the field holds no number. */
  controlProps: Omit<NumberInputProps, Wired | 'onValueChange'> & TestId;
};

/** A number field (NumberInput: the value is always a number). */
export function NumberField<T extends FieldValues = FieldValues>({ controlProps, ...field }: NumberFieldProps<T>) {
  return (
    <FormField<T>
      {...field}
      render={(control) => (
        <NumberInput
          {...wiring(control)}
          {...controlProps}
          value={typeof control.value === 'number' ? control.value : controlProps.fallback}
          onValueChange={control.onChange}
        />
      )}
    />
  );
}

export type TextareaFieldProps<T extends FieldValues> = AdapterProps<T> & {
  controlProps?: Omit<TextareaProps, Wired> & TestId;
};

/** Multi-line text. */
export function TextareaField<T extends FieldValues = FieldValues>({ controlProps, ...field }: TextareaFieldProps<T>) {
  return (
    <FormField<T>
      {...field}
      render={(control) => (
        <Textarea
          {...wiring(control)}
          {...controlProps}
          value={typeof control.value === 'string' ? control.value : ''}
          onChange={(e) => control.onChange(e.target.value)}
        />
      )}
    />
  );
}

export type CheckboxFieldProps<T extends FieldValues> = AdapterProps<T> & {
  controlProps?: Omit<CheckboxProps, Wired | 'checked' | 'onCheckedChange'> & TestId;
};

/** A box to tick (a `true` field, e.g. consent), before its label. */
export function CheckboxField<T extends FieldValues = FieldValues>({
  controlProps,
  layout = 'inline',
  ...field
}: CheckboxFieldProps<T>) {
  return (
    <FormField<T>
      {...field}
      layout={layout}
      render={(control) => (
        <Checkbox
          {...wiring(control)}
          {...controlProps}
          checked={control.value === true}
          onCheckedChange={(checked) => control.onChange(checked === true)}
        />
      )}
    />
  );
}

/** A submission the server refused: the fields it named show their errors, and a toast says what failed. */
export function reportSubmitFailure<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  error: unknown,
  title: string,
  fallback: string,
) {
  applyServerErrors(form, error);
  toast({ variant: 'destructive', title, description: describeError(error) || fallback });
}
