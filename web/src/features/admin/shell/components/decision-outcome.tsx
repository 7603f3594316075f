import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { cn } from '@/lib/cn';

export type DecisionOutcomeProps = {
  /** What was decided ('approved', 'verified' or 'rejected'), by whom and when. */
  outcome: { status: string; by: string | null; at: string | null };
  /** Text after who and when (e.g. ' elsewhere'). */
  suffix?: string;
  /** What was decided, in 'A decided … cannot be reviewed again'. */
  subject: string;
  testId: string;
  /** The paragraphs between who decided and the closing line. */
  children?: ReactNode;
};

/** A decision's outcome, shown in place of the review controls once it is decided. */
export function DecisionOutcome({ outcome: { status, by, at }, suffix = '', subject, testId, children }: DecisionOutcomeProps) {
  const positive = status !== 'rejected';
  const Icon = positive ? CircleCheck : CircleX;
  return (
    <div
      className={cn(
        'flex gap-3 rounded-xl border p-4 text-sm',
        positive ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900',
      )}
      data-testid={testId}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">
          {status.charAt(0).toUpperCase() + status.slice(1)}
          {by ? ` by ${by}` : ''}
          {at ? ` on ${formatDateTime(at)}` : ''}
          {suffix}
        </p>
        {children}
        <p className="mt-1 text-xs opacity-80">A decided {subject} cannot be reviewed again.</p>
      </div>
    </div>
  );
}

/** The decision's notes, or that none were left. */
export function DecisionNotes({ notes }: { notes: string | null | undefined }) {
  return <p className="mt-1 whitespace-pre-wrap">{notes || 'No notes were left.'}</p>;
}
