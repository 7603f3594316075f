import { PASSWORD_RESET_LINK_INVALID_MESSAGE, ResetPasswordFormSchema, type ResetPasswordForm } from '@acres/contracts';
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { applyServerErrors, FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { describeFailure, fieldErrorsFromError } from '@/lib/problem';
import { confirmPasswordReset } from '../api/password-reset-api';
import { AuthCardLayout } from './auth-card-layout';
import { PasswordInput } from './password-input';

type Outcome = 'editing' | 'done' | 'link-invalid';

function LinkInvalid() {
  return (
    <div className="flex flex-col gap-4" role="alert" data-testid="reset-password-invalid">
      <span className="flex size-11 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <TriangleAlert className="size-5" aria-hidden="true" />
      </span>
      <p className="text-sm leading-relaxed text-slate-700">{PASSWORD_RESET_LINK_INVALID_MESSAGE}</p>
      <Button asChild>
        <Link to="/forgot-password">Ask for a new link</Link>
      </Button>
    </div>
  );
}

function ResetDone() {
  return (
    <div className="flex flex-col gap-4" role="status" data-testid="reset-password-done">
      <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <CircleCheck className="size-5" aria-hidden="true" />
      </span>
      <p className="text-sm leading-relaxed text-slate-700">
        Your password has been changed, and you were signed out everywhere else. Sign in with your new password.
      </p>
      <Button asChild size="lg">
        <Link to="/signin" data-testid="reset-password-signin">
          Sign in
        </Link>
      </Button>
    </div>
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
        <SchemaForm
          form={form}
          onSubmit={handleSubmit}
          aria-label="Choose a new password"
          data-testid="reset-password-form"
          className="flex flex-col gap-4"
        >
          <FormField<ResetPasswordForm>
            name="password"
            label="New password"
            required
            hint="At least 8 characters, with a letter and a digit."
            render={(control) => <PasswordInput control={control} autoComplete="new-password" disabled={pending} />}
          />
          <FormField<ResetPasswordForm>
            name="confirmPassword"
            label="Confirm new password"
            required
            render={(control) => <PasswordInput control={control} autoComplete="new-password" disabled={pending} />}
          />
          <FormRootError />
          <Button type="submit" size="lg" disabled={pending} data-testid="reset-password-submit">
            {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {pending ? 'Saving…' : 'Set new password'}
          </Button>
        </SchemaForm>
      ) : null}
    </AuthCardLayout>
  );
}
