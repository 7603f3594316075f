import {
  STAFF_SIGN_IN_FAILED_MESSAGE,
  type StaffCredentialsForm,
  StaffCredentialsFormSchema,
  type StaffSecondFactorForm,
  StaffSecondFactorFormSchema,
} from '@acres/contracts/staff';
import { KeyRound, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormField, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { dismissToast, toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { describeError, problemFromError } from '@/lib/problem';
import { requestStaffDevice, signInStaff, STAFF_SESSION_AUTHORIZATION } from '../api/admin-client';
import { useAdminSession } from '../lib/admin-session';

function failureDescription(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return STAFF_SIGN_IN_FAILED_MESSAGE;
  if (error instanceof ApiError && error.status === 429) {
    return problemFromError(error)?.detail ?? 'Too many failed attempts. Try again later.';
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return describeError(error) || 'Please try again.';
}

/** Six digits are the authenticator's code; anything else is taken as a recovery code. */
const factorOf = (typed: string) => (/^\d{6}$/.test(typed.trim()) ? { code: typed.trim() } : { recoveryCode: typed });

/** A staff member's sign-in: email and password, then the authenticator's code or a recovery code. */
export function StaffSignInForm() {
  const { signIn } = useAdminSession();
  const [credentials, setCredentials] = useState<StaffCredentialsForm | null>(null);
  const first = useSchemaForm(StaffCredentialsFormSchema, { email: '', password: '' });
  const second = useSchemaForm(StaffSecondFactorFormSchema, { code: '' });
  useEffect(() => {
    // Without it the sign-in still works (the server sets the cookie on its answer): nothing to show.
    requestStaffDevice().catch(() => undefined);
  }, []);

  const onSecondFactor = async ({ code }: StaffSecondFactorForm) => {
    if (!credentials) return;
    try {
      const me = await signInStaff({ ...credentials, ...factorOf(code) });
      dismissToast();
      signIn(STAFF_SESSION_AUTHORIZATION, me);
    } catch (error) {
      second.reset({ code: '' });
      // One answer for a wrong password and a wrong code: start again from the password.
      if (error instanceof ApiError && error.status === 401) {
        setCredentials(null);
        first.resetField('password');
      }
      toast({ variant: 'destructive', title: 'Sign-in failed', description: failureDescription(error) });
    }
  };

  if (!credentials) {
    return (
      <SchemaForm
        form={first}
        onSubmit={setCredentials}
        className="flex flex-col gap-4"
        aria-label="Staff sign in"
        data-testid="staff-signin-form"
      >
        <FormField<StaffCredentialsForm>
          name="email"
          label="Email"
          required
          inputProps={{ type: 'email', autoComplete: 'username', autoCapitalize: 'none', spellCheck: false, autoFocus: true }}
        />
        <FormField<StaffCredentialsForm>
          name="password"
          label="Password"
          required
          inputProps={{ type: 'password', autoComplete: 'current-password' }}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" data-testid="staff-signin-next">
          <LogIn aria-hidden="true" />
          Continue
        </Button>
      </SchemaForm>
    );
  }
  return (
    <SchemaForm
      form={second}
      onSubmit={onSecondFactor}
      className="flex flex-col gap-4"
      aria-label="Second factor"
      data-testid="staff-code-form"
    >
      <p className="text-sm text-slate-600">
        Enter the 6-digit code from your authenticator app for <strong className="break-all">{credentials.email}</strong>, or one
        of your recovery codes.
      </p>
      <FormField<StaffSecondFactorForm>
        name="code"
        label="Code"
        required
        inputProps={{
          autoComplete: 'one-time-code',
          inputMode: 'text',
          autoCapitalize: 'characters',
          spellCheck: false,
          autoFocus: true,
        }}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={second.formState.isSubmitting}
        data-testid="staff-signin-submit"
      >
        <KeyRound aria-hidden="true" />
        {second.formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
      <Button type="button" variant="ghost" onClick={() => setCredentials(null)}>
        Back
      </Button>
    </SchemaForm>
  );
}
