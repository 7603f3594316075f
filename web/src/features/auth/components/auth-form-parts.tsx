import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { FieldSpec } from '@/components/form/form-parts';
import { SchemaForm, type SchemaFormProps } from '@/components/form/schema-form';
import { cn } from '@/lib/cn';
import { PasswordInput } from './password-input';

/** The form of an auth card: its fields, its error and its button in one column. */
export function AuthForm<TIn extends FieldValues, TOut>(props: SchemaFormProps<TIn, TOut>) {
  return <SchemaForm className="flex flex-col gap-4" {...props} />;
}

/** What an auth card says instead of its form: done, sent, or a link that no longer works. */
export function AuthNotice({
  icon: Icon,
  tone = 'brand',
  role,
  testId,
  children,
}: {
  icon: LucideIcon;
  tone?: 'brand' | 'amber';
  role: 'status' | 'alert';
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4" role={role} data-testid={testId}>
      <span
        className={cn(
          'flex size-11 items-center justify-center rounded-full',
          tone === 'amber' ? 'bg-amber-50 text-amber-700' : 'bg-brand-50 text-brand-700',
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      {children}
    </div>
  );
}

/** The email of sign-in, sign-up and the password reset's request. */
export const emailField = <T extends FieldValues>(): FieldSpec<T> => ({
  name: 'email' as Path<T>,
  label: 'Email',
  required: true,
  inputProps: { type: 'email', autoComplete: 'email', inputMode: 'email' },
});

/** A password, shown or hidden by its own button. */
export const passwordField = <T extends FieldValues>(
  field: { name: Path<T>; label: string; hint?: string },
  autoComplete: 'current-password' | 'new-password',
  disabled: boolean,
): FieldSpec<T> => ({
  ...field,
  required: true,
  render: (control) => <PasswordInput control={control} autoComplete={autoComplete} disabled={disabled} />,
});
