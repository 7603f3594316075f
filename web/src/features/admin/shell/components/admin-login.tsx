import { type AdminLogin, AdminLoginSchema } from '@acres/contracts';
import { LockKeyhole, LogIn } from 'lucide-react';
import { useState } from 'react';
import { BrandMark } from '@/components/layout/brand-mark';
import { FormField, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { dismissToast, toast } from '@/components/ui/use-toast';
import { rememberAdminSignInMode, rememberedAdminSignInMode, type AdminSignInMode } from '@/lib/admin-sign-in-mode';
import { ApiError } from '@/lib/api-client';
import { describeError, problemFromError } from '@/lib/problem';
import { fetchAdminCounters, fetchAdminMe } from '../api/admin-client';
import { encodeBasicAuth } from '../lib/basic-auth';
import { useAdminSession } from '../lib/admin-session';
import { StaffSignInForm } from './staff-sign-in-form';

function failureDescription(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'The username or password is not correct.';
  if (error instanceof ApiError && error.status === 429) {
    return problemFromError(error)?.detail ?? 'Too many failed attempts. Try again later.';
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return describeError(error) || 'Please try again.';
}

/** The owner's username + password (HTTP Basic), checked by asking the server for the counters with them. */
function OwnerSignInForm() {
  const { signIn } = useAdminSession();
  const form = useSchemaForm(AdminLoginSchema, { username: '', password: '' });
  const submitting = form.formState.isSubmitting;

  const onSubmit = async (credentials: AdminLogin) => {
    try {
      const authorization = encodeBasicAuth(credentials);
      const [counters, me] = await Promise.all([fetchAdminCounters(authorization), fetchAdminMe(authorization)]);
      // A failure notice from an earlier attempt must not linger over the dashboard.
      dismissToast();
      signIn(authorization, me, counters);
    } catch (error) {
      form.resetField('password');
      form.setFocus('password');
      toast({ variant: 'destructive', title: 'Authentication failed', description: failureDescription(error) });
    }
  };

  return (
    <SchemaForm form={form} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Admin sign in">
      <FormField<AdminLogin>
        name="username"
        label="Username"
        required
        inputProps={{ autoComplete: 'username', autoCapitalize: 'none', spellCheck: false, autoFocus: true }}
      />
      <FormField<AdminLogin>
        name="password"
        label="Password"
        required
        inputProps={{ type: 'password', autoComplete: 'current-password' }}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={submitting} data-testid="admin-login-submit">
        <LogIn aria-hidden="true" />
        {submitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </SchemaForm>
  );
}

/** The owner's account (the credentials `npm start` prints) or a staff member's email, password and code. */
export function AdminLoginScreen() {
  const [mode, setMode] = useState<AdminSignInMode>(rememberedAdminSignInMode);
  const switchTo = (next: AdminSignInMode) => {
    setMode(next);
    rememberAdminSignInMode(next);
  };
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-brand-950 to-brand-900 px-4 py-10">
      <div className="mb-8">
        <BrandMark tone="light" />
      </div>
      <Card className="w-full max-w-sm" data-testid="admin-login">
        <CardHeader className="items-center text-center">
          <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-800">
            <LockKeyhole className="size-6" aria-hidden="true" />
          </div>
          <h1 className="text-xl leading-tight font-bold text-brand-950">
            {mode === 'staff' ? 'Staff sign in' : 'Admin sign in'}
          </h1>
          <CardDescription>
            {mode === 'staff' ? 'Your email, password and authenticator code.' : 'Leads, applications and payment reviews.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {mode === 'staff' ? <StaffSignInForm /> : <OwnerSignInForm />}
          <Button
            type="button"
            variant="link"
            onClick={() => switchTo(mode === 'staff' ? 'owner' : 'staff')}
            data-testid="admin-login-mode"
          >
            {mode === 'staff' ? 'Owner? Sign in with the admin username' : 'Staff member? Sign in with your email'}
          </Button>
        </CardContent>
      </Card>
      <p className="mt-6 max-w-sm text-center text-xs text-brand-200">
        {mode === 'staff'
          ? 'Your session ends when you sign out, after 12 hours, or when the owner removes you.'
          : 'You stay signed in only while this page is open. Reloading or closing it signs you out.'}
      </p>
    </main>
  );
}
