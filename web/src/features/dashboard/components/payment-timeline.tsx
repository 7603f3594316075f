import type { PaymentHistoryEntry } from '@acres/contracts';
import { CheckCircle2, CircleAlert, FileUp, LoaderCircle, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/problem';
import { usePaymentHistory } from '../api/payments-api';
import { formatDateTime } from '../lib/format-date';

const STEP = {
  submitted: { title: 'Proof submitted for review', Icon: FileUp, tone: 'bg-slate-100 text-slate-700' },
  approved: { title: 'Payment approved', Icon: CheckCircle2, tone: 'bg-emerald-100 text-emerald-700' },
  rejected: { title: 'Payment rejected', Icon: XCircle, tone: 'bg-red-100 text-red-700' },
} as const;

function TimelineEntry({ entry, last }: { entry: PaymentHistoryEntry; last: boolean }) {
  const step = STEP[entry.type];
  const { Icon } = step;
  return (
    <li className="relative flex gap-3 pb-4 last:pb-0" data-testid="timeline-entry" data-type={entry.type}>
      {last ? null : <span aria-hidden="true" className="absolute top-8 bottom-0 left-[15px] w-px bg-slate-200" />}
      <span className={cn('relative flex size-8 shrink-0 items-center justify-center rounded-full', step.tone)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 pt-1">
        <p className="text-sm font-semibold text-slate-900">{step.title}</p>
        <p className="text-xs text-slate-500">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          {entry.actor ? <> · by {entry.actor}</> : null}
        </p>
        {entry.notes ? (
          <p className="mt-1.5 rounded-lg bg-slate-50 px-3 py-2 text-sm break-words text-slate-700" data-testid="timeline-notes">
            {entry.notes}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The payment's audit trail from its events (GET /api/payments/{id}/history). */
export function PaymentTimeline({ paymentId }: { paymentId: string }) {
  const { data, error, isLoading, mutate } = usePaymentHistory(paymentId, true);

  if (isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Loading the timeline…
      </p>
    );
  }
  if (error) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-red-800" role="alert">
        <CircleAlert className="size-4" aria-hidden="true" />
        <span>Could not load the timeline. {describeError(error)}</span>
        <Button variant="link" size="sm" onClick={() => void mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data || data.length === 0) return <p className="text-sm text-slate-500">No events yet.</p>;
  return (
    <ol className="flex flex-col" aria-label="Payment timeline" data-testid="payment-timeline">
      {data.map((entry, index) => (
        <TimelineEntry key={`${entry.type}-${entry.at}`} entry={entry} last={index === data.length - 1} />
      ))}
    </ol>
  );
}
