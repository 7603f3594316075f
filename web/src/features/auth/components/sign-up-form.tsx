import { SignUpRequestSchema, type SignUpRequest } from '@acres/contracts';
import { LoaderCircle, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { useBusinessSettings } from '@/lib/business-settings';
import { describeSignUpAccepted } from '@/lib/delivery-copy';
import { signUp } from '../api/auth-api';
import { showAuthError } from '../lib/auth-errors';
import { PasswordInput } from './password-input';

/**
 * Sign-up answers the same for every email and signs nobody in (issue 24): the page says to
 * check the inbox (or, where the site sends no email, that the team confirms the address), and
 * offers the sign-in, which works with the new password before the address is confirmed.
 */
export function SignUpForm({ onSignIn }: { onSignIn: (email: string) => void }) {
  const form = useSchemaForm(SignUpRequestSchema, { firstName: '', lastName: '', email: '', password: '' });
  const pending = form.formState.isSubmitting;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const channels = useBusinessSettings().data?.channels;

  async function handleSubmit(values: SignUpRequest) {
    try {
      await signUp(values);
      setSentTo(values.email);
    } catch (error) {
      showAuthError(form, error);
    }
  }

  if (sentTo !== null) {
    return (
      <div className="flex flex-col gap-4" role="status" data-testid="signup-accepted">
        <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MailCheck className="size-5" aria-hidden="true" />
        </span>
        <p className="text-base font-semibold text-brand-950">Check your email</p>
        <p className="text-sm leading-relaxed text-slate-700" data-testid="signup-accepted-text">
          {describeSignUpAccepted(channels)}
        </p>
        <p className="text-sm break-all text-slate-500">{sentTo}</p>
        <Button size="lg" onClick={() => onSignIn(sentTo)} data-testid="signup-accepted-signin">
          Sign in
        </Button>
      </div>
    );
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
