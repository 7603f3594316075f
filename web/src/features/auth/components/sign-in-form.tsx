import { SignInRequestSchema, type SignInRequest } from '@acres/contracts';
import { Link } from 'react-router-dom';
import { FieldList, SubmitButton } from '@/components/form/form-parts';
import { FormRootError, useSchemaForm } from '@/components/form/schema-form';
import { signIn } from '../api/auth-api';
import { showAuthError } from '../lib/auth-errors';
import { AuthForm, emailField, passwordField } from './auth-form-parts';

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
    <AuthForm form={form} onSubmit={handleSubmit} aria-label="Sign in" data-testid="signin-form">
      <FieldList<SignInRequest>
        fields={[emailField(), passwordField({ name: 'password', label: 'Password' }, 'current-password', pending)]}
        disabled={pending}
      />
      <Link
        to="/forgot-password"
        className="-mt-2 w-fit self-end text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        data-testid="forgot-password-link"
      >
        Forgot password?
      </Link>
      <FormRootError />
      <SubmitButton pending={pending} label="Sign in" pendingLabel="Signing in…" data-testid="signin-submit" />
    </AuthForm>
  );
}
