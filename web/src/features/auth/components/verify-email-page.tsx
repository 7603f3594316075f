import { EMAIL_VERIFICATION_LINK_INVALID_MESSAGE, VerifyEmailRequestSchema, type VerifyEmailRequest } from '@acres/contracts';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FieldList, SubmitButton } from '@/components/form/form-parts';
import { FormRootError, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useAuthUser } from '@/lib/auth-user';
import { describeFailure, fieldErrorsFromError } from '@/lib/problem';
import { verifyEmail } from '../api/email-verification-api';
import { AuthCardLayout } from './auth-card-layout';
import { ResendVerificationButton } from '@/components/account/resend-verification-button';
import { AuthForm, AuthNotice, passwordField } from './auth-form-parts';

/** Where the person lands once the address is confirmed: their applications made with it are there now. */
const CONFIRMED_HOME = '/dashboard';

function LinkInvalid() {
  const { data: user } = useAuthUser();
  return (
    <AuthNotice icon={TriangleAlert} tone="amber" role="alert" testId="verify-email-invalid">
      <p className="text-sm leading-relaxed text-slate-700">{EMAIL_VERIFICATION_LINK_INVALID_MESSAGE}</p>
      {user && !user.emailVerified ? (
        <ResendVerificationButton />
      ) : (
        <Button asChild>
          <Link to={`/signin?returnTo=${encodeURIComponent(CONFIRMED_HOME)}`} data-testid="verify-email-signin">
            Sign in to send a new link
          </Link>
        </Button>
      )}
    </AuthNotice>
  );
}

/**
 * /verify-email?token=…: the emailed link. The page posts its token at once; the server decides
 * whether the link still works (the latest sent, unused, within 24 hours). A good link signs the
 * person in and lands them on their dashboard.
 */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const navigate = useNavigate();
  const form = useSchemaForm(VerifyEmailRequestSchema, { token });
  const [invalid, setInvalid] = useState(token === '');
  // Not signed in to the account: the server asks for its password (the link alone could be
  // clicked by someone whose address a stranger signed up with).
  const [needsPassword, setNeedsPassword] = useState(false);
  const posted = useRef(false);

  async function handleSubmit(values: VerifyEmailRequest) {
    try {
      await verifyEmail(values);
      navigate(CONFIRMED_HOME, { replace: true });
    } catch (error) {
      const problems = error instanceof ApiError ? fieldErrorsFromError(error) : [];
      if (problems.some((problem) => problem.field === 'token')) {
        setInvalid(true);
        return;
      }
      const passwordProblem = problems.find((problem) => problem.field === 'password');
      if (passwordProblem) {
        // The first, automatic post carries no password: ask, without calling it wrong.
        if (values.password !== undefined) form.setError('password', { type: 'server', message: passwordProblem.message });
        setNeedsPassword(true);
        return;
      }
      form.setError('root.server', {
        type: 'server',
        message: describeFailure(error),
      });
    }
  }

  useEffect(() => {
    // Once, even when React runs effects twice: a link works once.
    if (posted.current || token === '') return;
    posted.current = true;
    void form.handleSubmit(handleSubmit)();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is posted once, on arrival
  }, []);

  const pending = form.formState.isSubmitting || (!invalid && !needsPassword && !form.formState.isSubmitted);
  return (
    <AuthCardLayout title="Confirm your email" intro="A confirmation link works once, for 24 hours.">
      {invalid ? (
        <LinkInvalid />
      ) : (
        <AuthForm form={form} onSubmit={handleSubmit} aria-label="Confirm your email" data-testid="verify-email-form">
          <input type="hidden" {...form.register('token')} />
          {needsPassword ? (
            <>
              <p className="text-sm leading-relaxed text-slate-700" data-testid="verify-email-password-intro">
                Enter the password you chose when you signed up. If you did not sign up with us, close this page: nothing is
                confirmed without the password.
              </p>
              <FieldList<VerifyEmailRequest>
                fields={[passwordField({ name: 'password', label: 'Password' }, 'current-password', pending)]}
              />
            </>
          ) : null}
          <FormRootError />
          <SubmitButton
            pending={pending}
            label="Confirm my email"
            pendingLabel="Confirming your email…"
            data-testid="verify-email-submit"
          />
        </AuthForm>
      )}
    </AuthCardLayout>
  );
}
