import { SignUpRequestSchema, type SignUpRequest } from '@acres/contracts';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { FieldList, SubmitButton } from '@/components/form/form-parts';
import { FormRootError, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { useBusinessSettings } from '@/lib/business-settings';
import { describeSignUpAccepted } from '@/lib/delivery-copy';
import { signUp } from '../api/auth-api';
import { showAuthError } from '../lib/auth-errors';
import { AuthForm, AuthNotice, emailField, passwordField } from './auth-form-parts';

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
      <AuthNotice icon={MailCheck} role="status" testId="signup-accepted">
        <p className="text-base font-semibold text-brand-950">Check your email</p>
        <p className="text-sm leading-relaxed text-slate-700" data-testid="signup-accepted-text">
          {describeSignUpAccepted(channels)}
        </p>
        <p className="text-sm break-all text-slate-500">{sentTo}</p>
        <Button size="lg" onClick={() => onSignIn(sentTo)} data-testid="signup-accepted-signin">
          Sign in
        </Button>
      </AuthNotice>
    );
  }

  return (
    <AuthForm form={form} onSubmit={handleSubmit} aria-label="Create account" data-testid="signup-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldList<SignUpRequest>
          fields={[
            { name: 'firstName', label: 'First name', required: true, inputProps: { autoComplete: 'given-name' } },
            { name: 'lastName', label: 'Last name', required: true, inputProps: { autoComplete: 'family-name' } },
          ]}
          disabled={pending}
        />
      </div>
      <FieldList<SignUpRequest>
        fields={[
          emailField(),
          passwordField(
            { name: 'password', label: 'Password', hint: 'At least 8 characters, with a letter and a digit.' },
            'new-password',
            pending,
          ),
        ]}
        disabled={pending}
      />
      <FormRootError />
      <SubmitButton pending={pending} label="Create account" pendingLabel="Creating your account…" data-testid="signup-submit" />
    </AuthForm>
  );
}
