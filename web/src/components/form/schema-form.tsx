import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, type ReactNode, useId } from 'react';
import {
  Controller,
  type DeepPartial,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  useForm,
  useFormContext,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '@/lib/cn';
import { fieldErrorsFromError } from '@/lib/problem';
import { Input, type InputProps } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * One contracts zod schema both validates the form (through zodResolver) and types
 * the submit handler: values are the schema's *input* type while editing and its
 * *output* type on submit.
 */
export type SchemaFormReturn<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * Default values for a schema form. Booleans accept false even where the schema only
 * accepts true (a consent box starts unticked and the schema says it must be ticked).
 */
export type SchemaFormDefaults<T extends FieldValues> = {
  [K in keyof T]?: NonNullable<T[K]> extends boolean ? boolean : DeepPartial<T[K]>;
};

export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: SchemaFormDefaults<z.input<S>>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {},
): SchemaFormReturn<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    // Safe: only booleans are widened, and the resolver validates before submit.
    defaultValues: defaultValues as DefaultValues<z.input<S>>,
    resolver: zodResolver(schema),
  });
}

export type SchemaFormProps<TIn extends FieldValues, TOut> = Omit<ComponentProps<'form'>, 'onSubmit'> & {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => unknown | Promise<unknown>;
};

/** <form noValidate> wired to the schema form; children can use <FormField>. */
export function SchemaForm<TIn extends FieldValues, TOut>({ form, onSubmit, children, ...props }: SchemaFormProps<TIn, TOut>) {
  // A prerendered page's form (sign-in, application status) paints before its JavaScript runs;
  // submitted then, the browser would send it itself, as a GET with the email in the address
  // (and a lost answer). Its controls stay disabled until the page's JavaScript handles them.
  const hydrated = useHydrated();
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(async (values) => void (await onSubmit(values)))} {...props}>
        <fieldset disabled={!hydrated} className="contents">
          {children}
        </fieldset>
      </form>
    </FormProvider>
  );
}

/** Props a custom control must spread to be labelled, described and validated. */
export type FieldControlProps = {
  id: string;
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  ref: (instance: unknown) => void;
  disabled?: boolean;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

export type FormFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** 'inline' puts the control before the label (checkboxes). */
  layout?: 'stack' | 'inline';
  /** Props for the default <Input> control. */
  inputProps?: Omit<InputProps, 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'>;
  /** A custom control (Select, Checkbox, NumberInput, Textarea...). */
  render?: (control: FieldControlProps) => ReactNode;
  'data-testid'?: string;
};

/**
 * Label + control + hint + the field's error message (role="alert", and linked to the
 * control with aria-describedby). Must be inside <SchemaForm>.
 */
export function FormField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  layout = 'stack',
  inputProps,
  render,
  'data-testid': testId,
}: FormFieldProps<T>) {
  const { control } = useFormContext<T>();
  const baseId = useId();
  const id = `${baseId}-${String(name).replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <Controller
      control={control}
      name={name as Path<T>}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined;
        const controlProps: FieldControlProps = {
          id,
          name: field.name,
          value: field.value,
          onChange: field.onChange,
          onBlur: field.onBlur,
          ref: field.ref,
          disabled: field.disabled,
          'aria-invalid': Boolean(message),
          'aria-describedby': describedBy,
          'aria-required': required || undefined,
        };
        const controlNode = render ? (
          render(controlProps)
        ) : (
          <Input
            {...inputProps}
            {...controlProps}
            value={(field.value as string | number | undefined) ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
          />
        );
        const labelNode = (
          <Label htmlFor={id} required={required} className={layout === 'inline' ? 'font-normal leading-snug' : undefined}>
            {label}
          </Label>
        );
        return (
          <div className={cn('flex flex-col gap-1.5', className)} data-testid={testId} data-field={field.name}>
            {layout === 'inline' ? (
              <div className="flex items-start gap-3">
                <div className="pt-0.5">{controlNode}</div>
                {labelNode}
              </div>
            ) : (
              <>
                {labelNode}
                {controlNode}
              </>
            )}
            {hint ? (
              <p id={hintId} className="text-xs text-slate-500">
                {hint}
              </p>
            ) : null}
            {message ? (
              <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
                {message}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}

/**
 * Puts the server's field errors (problem+json `errors[]`) under the matching fields.
 * Returns how many were applied; unknown fields go to `root.server`.
 */
export function applyServerErrors<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  error: unknown,
): number {
  const problems = fieldErrorsFromError(error);
  const known = new Set(Object.keys(form.getValues()));
  const unknown: string[] = [];
  let applied = 0;
  for (const { field, message } of problems) {
    if (known.has(field)) {
      form.setError(field as Path<TIn>, { type: 'server', message }, { shouldFocus: applied === 0 });
      applied += 1;
    } else {
      unknown.push(message);
    }
  }
  if (unknown.length > 0) form.setError('root.server', { type: 'server', message: unknown.join(' ') });
  return applied;
}

/** The form-level error (e.g. set by applyServerErrors), if any. */
export function FormRootError({ className }: { className?: string }) {
  const { formState } = useFormContext();
  const message = formState.errors.root?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className={cn('rounded-lg bg-red-50 p-3 text-sm text-red-800', className)}>
      {message}
    </p>
  );
}
