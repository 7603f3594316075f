import { SignInRequestSchema, type SignInRequest } from '@acres/contracts';
import { LoaderCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { signIn } from '../api/auth-api';
import { showAuthError } from '../lib/auth-errors';
import { PasswordInput } from './password-input';

export function SignInForm({ onSignedIn, initialEmail = '' }: { onSignedIn: () => void; initialEmail?: string }) {
  const form = useSchemaForm(SignInRequestSchema, { email: initialEmail, password: '' });
  const pending = form.formState.isSubmitting;

  async function handleSubmit(values: SignInRequest) {
    try {
      await signIn(values);
      onSignedIn();
    } catch (error) {
      showAuthError(form, error);
    }
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={handleSubmit}
      aria-label="Sign in"
      data-testid="signin-form"
      className="flex flex-col gap-4"
    >
      <FormField<SignInRequest>
        name="email"
        label="Email"
        required
        inputProps={{ type: 'email', autoComplete: 'email', inputMode: 'email', disabled: pending }}
      />
      <FormField<SignInRequest>
        name="password"
        label="Password"
        required
        render={(control) => <PasswordInput control={control} autoComplete="current-password" disabled={pending} />}
      />
      <Link
        to="/forgot-password"
        className="-mt-2 w-fit self-end text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        data-testid="forgot-password-link"
      >
        Forgot password?
      </Link>
      <FormRootError />
      <Button type="submit" size="lg" disabled={pending} data-testid="signin-submit">
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </SchemaForm>
  );
}
