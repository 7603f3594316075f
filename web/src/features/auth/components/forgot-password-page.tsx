import { PasswordResetRequestSchema, type PasswordResetRequest } from '@acres/contracts';
import { LoaderCircle, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { useBusinessSettings } from '@/lib/business-settings';
import { describePasswordResetRequested } from '@/lib/delivery-copy';
import { requestPasswordReset } from '../api/password-reset-api';
import { showAuthError } from '../lib/auth-errors';
import { AuthCardLayout } from './auth-card-layout';

/** /forgot-password: ask for a reset link. The answer is the same whether or not the email has an account. */
export function ForgotPasswordPage() {
  const form = useSchemaForm(PasswordResetRequestSchema, { email: '' });
  const pending = form.formState.isSubmitting;
  const [requested, setRequested] = useState(false);
  const channels = useBusinessSettings().data?.channels;

  async function handleSubmit(values: PasswordResetRequest) {
    try {
      await requestPasswordReset(values);
      setRequested(true);
    } catch (error) {
      showAuthError(form, error);
    }
  }

  return (
    <AuthCardLayout
      title="Forgot your password?"
      intro="Enter the email of your account and we'll prepare a link to choose a new password."
    >
      {requested ? (
        <div className="flex flex-col gap-4" role="status" data-testid="forgot-password-requested">
          <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <MailCheck className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm leading-relaxed text-slate-700">{describePasswordResetRequested(channels)}</p>
          <Button asChild variant="outline">
            <Link to="/signin">Back to sign in</Link>
          </Button>
        </div>
      ) : (
        <SchemaForm
          form={form}
          onSubmit={handleSubmit}
          aria-label="Ask for a password reset link"
          data-testid="forgot-password-form"
          className="flex flex-col gap-4"
        >
          <FormField<PasswordResetRequest>
            name="email"
            label="Email"
            required
            inputProps={{ type: 'email', autoComplete: 'email', inputMode: 'email', disabled: pending }}
          />
          <FormRootError />
          <Button type="submit" size="lg" disabled={pending} data-testid="forgot-password-submit">
            {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {pending ? 'Sending…' : 'Send reset link'}
          </Button>
        </SchemaForm>
      )}
    </AuthCardLayout>
  );
}
