import { PASSWORD_RESET_LINK_INVALID_MESSAGE, ResetPasswordFormSchema, type ResetPasswordForm } from '@acres/contracts';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { FieldList, SubmitButton } from '@/components/form/form-parts';
import { applyServerErrors, FormRootError, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { describeFailure, fieldErrorsFromError } from '@/lib/problem';
import { confirmPasswordReset } from '../api/password-reset-api';
import { AuthCardLayout } from './auth-card-layout';
import { AuthForm, AuthNotice, passwordField } from './auth-form-parts';

type Outcome = 'editing' | 'done' | 'link-invalid';

function LinkInvalid() {
  return (
    <AuthNotice icon={TriangleAlert} tone="amber" role="alert" testId="reset-password-invalid">
      <p className="text-sm leading-relaxed text-slate-700">{PASSWORD_RESET_LINK_INVALID_MESSAGE}</p>
      <Button asChild>
        <Link to="/forgot-password">Ask for a new link</Link>
      </Button>
    </AuthNotice>
  );
}

function ResetDone() {
  return (
    <AuthNotice icon={CircleCheck} role="status" testId="reset-password-done">
      <p className="text-sm leading-relaxed text-slate-700">
        Your password has been changed, and you were signed out everywhere else. Sign in with your new password.
      </p>
      <Button asChild size="lg">
        <Link to="/signin" data-testid="reset-password-signin">
          Sign in
        </Link>
      </Button>
    </AuthNotice>
  );
}

/** /reset-password?token=…: the emailed link. A new password, twice; the server decides whether the link still works. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const form = useSchemaForm(ResetPasswordFormSchema, { password: '', confirmPassword: '' });
  const pending = form.formState.isSubmitting;
  const [outcome, setOutcome] = useState<Outcome>(token ? 'editing' : 'link-invalid');

  async function handleSubmit(values: ResetPasswordForm) {
    try {
      await confirmPasswordReset({ token, password: values.password });
      setOutcome('done');
    } catch (error) {
      if (error instanceof ApiError && fieldErrorsFromError(error).some((problem) => problem.field === 'token')) {
        setOutcome('link-invalid');
        return;
      }
      if (error instanceof ApiError && error.status === 400 && applyServerErrors(form, error) > 0) return;
      form.setError('root.server', {
        type: 'server',
        message: describeFailure(error),
      });
    }
  }

  return (
    <AuthCardLayout
      title={outcome === 'done' ? 'Password changed' : 'Choose a new password'}
      intro="A password reset link works once, for one hour."
    >
      {outcome === 'done' ? <ResetDone /> : null}
      {outcome === 'link-invalid' ? <LinkInvalid /> : null}
      {outcome === 'editing' ? (
        <AuthForm form={form} onSubmit={handleSubmit} aria-label="Choose a new password" data-testid="reset-password-form">
          <FieldList<ResetPasswordForm>
            fields={[
              passwordField(
                { name: 'password', label: 'New password', hint: 'At least 8 characters, with a letter and a digit.' },
                'new-password',
                pending,
              ),
              passwordField({ name: 'confirmPassword', label: 'Confirm new password' }, 'new-password', pending),
            ]}
          />
          <FormRootError />
          <SubmitButton pending={pending} label="Set new password" pendingLabel="Saving…" data-testid="reset-password-submit" />
        </AuthForm>
      ) : null}
    </AuthCardLayout>
  );
}
