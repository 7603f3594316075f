import { formatMillions } from '@acres/contracts';
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CopyValueButton } from '@/components/ui/copy-value-button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useBusinessSettings } from '@/lib/business-settings';
import type { SubmittedApplication } from '../use-application-wizard';

/** The steps after applying, in the applicant's own acres and naira, honest about the escrow account. */
function nextSteps(submitted: SubmittedApplication, escrowSet: boolean | undefined, emailSent: boolean): string[] {
  const amount = `${formatMillions(submitted.value)} for your ${submitted.acres} ${submitted.acres === 1 ? 'acre' : 'acres'}`;
  const pay =
    escrowSet === false
      ? `You will pay ${amount} into the escrow account. It is not set up yet, so please do not transfer any money for now: our team will contact you with the account details.`
      : `Transfer ${amount} to the escrow account shown on your dashboard (sign up or sign in with the email you applied with), then upload the transfer receipt there.`;
  return [
    emailSent
      ? 'Keep this number: it is also in the confirmation email we are sending you.'
      : 'Keep this number: with your email it shows the status of your application at any time.',
    pay,
    'Our team verifies the payment into escrow and approves the application; the status page and your dashboard show the decision.',
  ];
}

/** After a successful submit: the application number on screen, copyable, and what happens next. */
export function ApplicationSubmitted({ submitted, onDone }: { submitted: SubmittedApplication; onDone: () => void }) {
  const settings = useBusinessSettings().data;
  const steps = nextSteps(submitted, settings ? settings.escrow !== null : undefined, settings?.channels.email ?? false);
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-5 sm:p-6" data-testid="application-submitted">
      <DialogHeader>
        <CheckCircle2 className="size-8 text-brand-700" aria-hidden="true" />
        <DialogTitle className="text-lg sm:text-xl">Application submitted</DialogTitle>
        <DialogDescription>Your subscription application has been received.</DialogDescription>
      </DialogHeader>
      <div className="mt-5 rounded-xl border border-brand-200 bg-brand-50 p-4">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase" id="application-number-label">
          Your application number
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <output
            aria-labelledby="application-number-label"
            className="font-mono text-xl font-bold tracking-wide break-all text-brand-950"
            data-testid="application-number"
          >
            {submitted.applicationNumber}
          </output>
          <CopyValueButton
            value={submitted.applicationNumber}
            label="Application number"
            withText
            data-testid="application-number-copy"
          />
        </div>
      </div>
      <h3 className="mt-5 text-base font-semibold text-brand-950">What happens next</h3>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-slate-700" data-testid="application-next-steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link
            to="/application-status"
            state={{ applicationNumber: submitted.applicationNumber }}
            data-testid="application-status-link"
          >
            Check status
          </Link>
        </Button>
        <Button type="button" onClick={onDone} data-testid="application-done">
          Done
        </Button>
      </div>
    </div>
  );
}
