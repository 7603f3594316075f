import {
  type AcceptStaffInvitationForm,
  AcceptStaffInvitationFormSchema,
  STAFF_INVITATION_INVALID_MESSAGE,
  type StaffInvitation,
} from '@acres/contracts/staff';
import { STAFF_ROLE_LABELS } from '@acres/contracts/staff-roles';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FieldList, SubmitButton } from '@/components/form/form-parts';
import { applyServerErrors, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { HomeLink } from '@/components/layout/home-link';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { rememberAdminSignInMode } from '@/lib/admin-sign-in-mode';
import { describeFailure } from '@/lib/problem';
import { acceptInvitation, openInvitation } from '../api/invitation-api';
import { RecoveryCodes } from './recovery-codes';
import { groupSecret, TotpQr } from './totp-qr';

type State =
  { kind: 'opening' } | { kind: 'invalid' } | { kind: 'open'; invitation: StaffInvitation } | { kind: 'joined'; codes: string[] };

function AcceptForm({
  token,
  invitation,
  onJoined,
}: {
  token: string;
  invitation: StaffInvitation;
  onJoined: (codes: string[]) => void;
}) {
  const form = useSchemaForm(AcceptStaffInvitationFormSchema, { password: '', confirmPassword: '', code: '' });
  const pending = form.formState.isSubmitting;
  const onSubmit = async (values: AcceptStaffInvitationForm) => {
    try {
      const answer = await acceptInvitation({
        token,
        password: values.password,
        totpSecret: invitation.totpSecret,
        code: values.code,
      });
      onJoined(answer.recoveryCodes);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && applyServerErrors(form, error) > 0) return;
      form.setError('root.server', { type: 'server', message: describeFailure(error) });
    }
  };
  return (
    <SchemaForm
      form={form}
      onSubmit={onSubmit}
      aria-label="Accept the invitation"
      data-testid="staff-accept-form"
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-slate-700">
        {invitation.displayName} ({invitation.email}), role: <strong>{STAFF_ROLE_LABELS[invitation.role]}</strong>.
      </p>
      <FieldList<AcceptStaffInvitationForm>
        disabled={pending}
        fields={[
          {
            name: 'password',
            label: 'Password',
            required: true,
            hint: 'At least 8 characters, with a letter and a digit.',
            inputProps: { type: 'password', autoComplete: 'new-password' },
          },
          {
            name: 'confirmPassword',
            label: 'Confirm password',
            required: true,
            inputProps: { type: 'password', autoComplete: 'new-password' },
          },
        ]}
      />
      <fieldset className="flex flex-col items-center gap-3 border-t border-slate-100 pt-5">
        <legend className="mb-2 text-sm font-semibold text-brand-950">Set up your authenticator app</legend>
        <TotpQr uri={invitation.otpauthUri} label="QR code for your authenticator app" />
        <p className="text-center text-sm text-slate-600">
          Scan it, or type this key:{' '}
          <code className="font-mono break-all text-slate-900" data-testid="totp-secret">
            {groupSecret(invitation.totpSecret)}
          </code>
        </p>
      </fieldset>
      <FieldList<AcceptStaffInvitationForm>
        disabled={pending}
        fields={[
          {
            name: 'code',
            label: 'Code from the app',
            required: true,
            hint: 'The 6 digits the app shows now.',
            inputProps: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 },
          },
        ]}
      />
      <FormRootError />
      <SubmitButton pending={pending} label="Join" pendingLabel="Joining…" className="w-full" data-testid="staff-accept-submit" />
    </SchemaForm>
  );
}

/** /admin/accept-invitation?token=…: the emailed link; a password, the second factor, then the recovery codes once. */
export function AcceptInvitationPage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<State>(token ? { kind: 'opening' } : { kind: 'invalid' });
  useEffect(() => {
    document.title = 'Join the Acres team — Acres Wholesale';
    if (!token) return;
    openInvitation(token).then(
      (invitation) => setState({ kind: 'open', invitation }),
      () => setState({ kind: 'invalid' }),
    );
  }, [token]);
  const done = () => {
    rememberAdminSignInMode('staff');
    void navigate('/admin');
  };
  return (
    <main className="min-h-dvh bg-stone-50 px-4 py-6 sm:px-8 sm:py-12">
      <div className="mx-auto flex w-full max-w-md flex-col">
        <HomeLink className="mb-6 w-fit" />
        <h1 className="text-2xl font-bold text-brand-950 sm:text-3xl">Join the Acres team</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">An invitation link works once, for seven days.</p>
        <Card className="shadow-md">
          <CardContent className="p-5 sm:p-7">
            {state.kind === 'opening' ? (
              <p className="text-sm text-slate-600" aria-busy="true">
                Opening the invitation…
              </p>
            ) : null}
            {state.kind === 'invalid' ? (
              <p className="flex items-start gap-2 text-sm text-slate-700" role="alert" data-testid="staff-invitation-invalid">
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
                {STAFF_INVITATION_INVALID_MESSAGE}
              </p>
            ) : null}
            {state.kind === 'open' ? (
              <AcceptForm token={token} invitation={state.invitation} onJoined={(codes) => setState({ kind: 'joined', codes })} />
            ) : null}
            {state.kind === 'joined' ? <RecoveryCodes codes={state.codes} onDone={done} /> : null}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
