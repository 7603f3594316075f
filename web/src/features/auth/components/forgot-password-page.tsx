import { PasswordResetRequestSchema, type PasswordResetRequest } from '@acres/contracts';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FieldList, SubmitButton } from '@/components/form/form-parts';
import { FormRootError, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { useBusinessSettings } from '@/lib/business-settings';
import { describePasswordResetRequested } from '@/lib/delivery-copy';
import { requestPasswordReset } from '../api/password-reset-api';
import { showAuthError } from '../lib/auth-errors';
import { AuthCardLayout } from './auth-card-layout';
import { AuthForm, AuthNotice, emailField } from './auth-form-parts';

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
        <AuthNotice icon={MailCheck} role="status" testId="forgot-password-requested">
          <p className="text-sm leading-relaxed text-slate-700">{describePasswordResetRequested(channels)}</p>
          <Button asChild variant="outline">
            <Link to="/signin">Back to sign in</Link>
          </Button>
        </AuthNotice>
      ) : (
        <AuthForm
          form={form}
          onSubmit={handleSubmit}
          aria-label="Ask for a password reset link"
          data-testid="forgot-password-form"
        >
          <FieldList<PasswordResetRequest> fields={[emailField()]} disabled={pending} />
          <FormRootError />
          <SubmitButton pending={pending} label="Send reset link" pendingLabel="Sending…" data-testid="forgot-password-submit" />
        </AuthForm>
      )}
    </AuthCardLayout>
  );
}
