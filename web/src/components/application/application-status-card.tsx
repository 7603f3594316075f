import { type ApplicationStatus, formatMillions, formatNaira } from '@acres/contracts';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@acres/contracts/lagos-time';
import { useBusinessSettings } from '@/lib/business-settings';
import { type ApplicationContext, describeApplication } from './application-next-step';

const LOOK = {
  pending: { label: 'Pending review', variant: 'warning', Icon: Clock },
  approved: { label: 'Approved', variant: 'success', Icon: CheckCircle2 },
  rejected: { label: 'Rejected', variant: 'destructive', Icon: XCircle },
} as const;

function Item({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900" data-testid={testId}>
        {value ?? <span className="text-slate-500">—</span>}
      </dd>
    </div>
  );
}

export type ApplicationStatusCardProps = {
  application: ApplicationStatus;
  /** The investor's payments on the dashboard; the public status page knows none. */
  payments?: ApplicationContext['payments'];
};

/** One application as its applicant sees it: the status, what was verified, when it was decided, and what comes next. */
export function ApplicationStatusCard({ application: a, payments = null }: ApplicationStatusCardProps) {
  const settings = useBusinessSettings().data;
  const story = describeApplication(a, { escrowSet: settings ? settings.escrow !== null : undefined, payments });
  const look = LOOK[a.status];
  const { Icon } = look;
  return (
    <article
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-label={`Application ${a.applicationNumber}`}
      data-testid="application-status-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-mono text-sm font-semibold text-brand-800">{a.applicationNumber}</p>
        <Badge variant={look.variant} data-testid="application-status" data-status={a.status}>
          <Icon className="size-3.5" aria-hidden="true" />
          {look.label}
        </Badge>
      </div>
      <p className="mt-3 text-sm text-slate-700" data-testid="application-story">
        {story.happened}
      </p>
      {story.next ? (
        <p className="mt-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-950" data-testid="application-next-step">
          {story.next}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3">
        <Item label="Acres" value={`${a.acresSubscribed} acres · ${formatMillions(a.subscriptionValue)}`} />
        <Item label="Submitted" value={formatDate(a.submittedAt)} />
        <Item
          label="Amount verified"
          value={a.amountVerified === null ? null : formatNaira(a.amountVerified)}
          testId="application-status-amount"
        />
        <Item label="Escrow receipt no." value={a.escrowReceiptNumber} testId="application-status-receipt" />
        {a.decidedAt ? <Item label="Decided" value={formatDate(a.decidedAt)} /> : null}
      </dl>
    </article>
  );
}
