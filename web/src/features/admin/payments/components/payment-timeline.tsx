import type { PaymentHistoryEntry } from '@acres/contracts';
import { CircleCheck, CircleX, FileUp, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/problem';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';

const ENTRY: Record<PaymentHistoryEntry['type'], { label: string; icon: LucideIcon; tone: string }> = {
  submitted: { label: 'Proof submitted', icon: FileUp, tone: 'bg-sky-50 text-sky-700 ring-sky-200' },
  approved: { label: 'Approved', icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  rejected: { label: 'Rejected', icon: CircleX, tone: 'bg-red-50 text-red-700 ring-red-200' },
};

/** The payment's audit trail, oldest first, as the server derived it from the event log. */
export function PaymentTimeline({
  entries,
  error,
  loading,
}: {
  entries: readonly PaymentHistoryEntry[] | undefined;
  error: unknown;
  loading: boolean;
}) {
  if (error && !entries) {
    return (
      <p role="alert" className="text-sm text-red-800">
        The history could not be loaded: {describeError(error) || 'please try again.'}
      </p>
    );
  }
  if (!entries) {
    return (
      <div aria-busy={loading} aria-label="Loading history" className="flex flex-col gap-2">
        <div className="h-10 animate-pulse rounded-lg bg-slate-100" />
      </div>
    );
  }
  return (
    <ol className="flex flex-col" data-testid="payment-timeline">
      {entries.map((entry, index) => {
        const { label, icon: Icon, tone } = ENTRY[entry.type];
        const last = index === entries.length - 1;
        return (
          <li
            key={`${entry.type}-${entry.at}-${index}`}
            className="relative flex gap-3 pb-4 last:pb-0"
            data-testid="payment-timeline-entry"
          >
            {last ? null : (
              <span aria-hidden="true" className="absolute top-8 bottom-0 left-4 w-px -translate-x-1/2 bg-slate-200" />
            )}
            <span className={cn('relative flex size-8 shrink-0 items-center justify-center rounded-full ring-1', tone)}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <p className="text-sm text-slate-900">
                <span className="font-semibold">{label}</span>
                {entry.actor ? <span className="text-slate-600"> by {entry.actor}</span> : null}
              </p>
              <p className="text-xs text-slate-500">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              {entry.notes ? (
                <p className="mt-1.5 rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700">
                  {entry.notes}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
