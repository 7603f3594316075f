import {
  APPLICATION_STATUS_MESSAGES,
  type ApplicationStatus,
  type ApplicationStatusQuery,
  ApplicationStatusQuerySchema,
} from '@acres/contracts';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PlainPage } from '@/components/layout/plain-page';
import { applyServerErrors, FormField, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/problem';
import { lookUpApplicationStatus } from '../api/application-status-api';
import { ApplicationStatusCard } from '@/components/application/application-status-card';
import { AlertMessage } from '@/components/feedback/alert-message';

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return APPLICATION_STATUS_MESSAGES.notFound;
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return describeError(error) || 'Please try again.';
}

/** /application-status: an applicant enters the application number and the email they applied with. */
export function ApplicationStatusPage() {
  // Coming from the application's confirmation, the number is filled in (kept out of the URL).
  const state: unknown = useLocation().state;
  const carried = state && typeof state === 'object' && 'applicationNumber' in state ? state.applicationNumber : '';
  const form = useSchemaForm(ApplicationStatusQuerySchema, {
    applicationNumber: typeof carried === 'string' ? carried : '',
    email: '',
  });
  const [found, setFound] = useState<ApplicationStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;
  useEffect(() => {
    document.title = 'Application status — Acres Wholesale';
  }, []);

  const onSubmit = async (query: ApplicationStatusQuery) => {
    setFailure(null);
    setFound(null);
    try {
      setFound(await lookUpApplicationStatus(query));
    } catch (error) {
      if (applyServerErrors(form, error) === 0) setFailure(failureMessage(error));
    }
  };

  return (
    <PlainPage width="max-w-xl" testId="application-status-page">
      <h1 className="text-3xl font-bold tracking-tight text-brand-950">Application status</h1>
      <p className="mt-2 text-slate-600">
        Enter the application number you received when you applied and the email address you applied with.
      </p>
      <SchemaForm
        form={form}
        onSubmit={onSubmit}
        className="mt-8 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        aria-label="Look up an application"
      >
        <FormField<ApplicationStatusQuery>
          name="applicationNumber"
          label="Application number"
          required
          inputProps={{ autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, placeholder: 'ACR-2026-…' }}
          data-testid="status-application-number"
        />
        <FormField<ApplicationStatusQuery>
          name="email"
          label="Email address"
          required
          inputProps={{ type: 'email', autoComplete: 'email' }}
          data-testid="status-email"
        />
        <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={submitting} data-testid="status-submit">
          <Search aria-hidden="true" />
          {submitting ? 'Checking…' : 'Check status'}
        </Button>
      </SchemaForm>
      <div className="mt-6" aria-live="polite">
        {failure ? <AlertMessage testId="status-error">{failure}</AlertMessage> : null}
        {found ? <ApplicationStatusCard application={found} /> : null}
      </div>
    </PlainPage>
  );
}
