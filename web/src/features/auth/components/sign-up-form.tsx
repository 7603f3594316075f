import { SignUpRequestSchema, type SignUpRequest } from '@acres/contracts';
import { LoaderCircle } from 'lucide-react';
import { FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { signUp } from '../api/auth-api';
import { showAuthError } from '../lib/auth-errors';
import { PasswordInput } from './password-input';

export function SignUpForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useSchemaForm(SignUpRequestSchema, { firstName: '', lastName: '', email: '', password: '' });
  const pending = form.formState.isSubmitting;

  async function handleSubmit(values: SignUpRequest) {
    try {
      await signUp(values);
      onSignedIn();
    } catch (error) {
      showAuthError(form, error);
    }
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={handleSubmit}
      aria-label="Create account"
      data-testid="signup-form"
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<SignUpRequest>
          name="firstName"
          label="First name"
          required
          inputProps={{ autoComplete: 'given-name', disabled: pending }}
        />
        <FormField<SignUpRequest>
          name="lastName"
          label="Last name"
          required
          inputProps={{ autoComplete: 'family-name', disabled: pending }}
        />
      </div>
      <FormField<SignUpRequest>
        name="email"
        label="Email"
        required
        inputProps={{ type: 'email', autoComplete: 'email', inputMode: 'email', disabled: pending }}
      />
      <FormField<SignUpRequest>
        name="password"
        label="Password"
        required
        hint="At least 8 characters, with a letter and a digit."
        render={(control) => <PasswordInput control={control} autoComplete="new-password" disabled={pending} />}
      />
      <FormRootError />
      <Button type="submit" size="lg" disabled={pending} data-testid="signup-submit">
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {pending ? 'Creating your account…' : 'Create account'}
      </Button>
    </SchemaForm>
  );
}
