import { describeAmountDifference, formatMillions, formatNaira, type Payment } from '@acres/contracts';
import { CircleCheck, CircleX } from 'lucide-react';
import { DetailList } from '@/features/admin/shell/components/detail-list';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { cn } from '@/lib/cn';
import type { PaymentDecision } from '../lib/payment-review';
import { acresLabel, submitterName } from './payments-table';

/** The payment as submitted: who, how many acres, how much, and whether that matches the price. */
export function PaymentDetails({ payment: p }: { payment: Payment }) {
  const matches = p.amountDifference === 0;
  return (
    <DetailList
      items={[
        {
          label: 'Submitter',
          value: p.submitterEmail ? (
            <span className="flex flex-col">
              <span>{p.submitterName ?? '—'}</span>
              <a href={`mailto:${p.submitterEmail}`} className="font-medium break-all text-brand-700 hover:underline">
                {p.submitterEmail}
              </a>
            </span>
          ) : (
            submitterName(p)
          ),
          wide: true,
          testId: 'payment-submitter',
        },
        { label: 'Acres', value: acresLabel(p.acres), testId: 'payment-acres' },
        {
          label: 'Amount',
          value: (
            <span className="flex flex-col">
              <span className="font-semibold">{formatMillions(p.amount)}</span>
              <span className="text-xs text-slate-500">{formatNaira(p.amount)}</span>
            </span>
          ),
          testId: 'payment-amount',
        },
        {
          label: 'Expected at ₦3.5M per acre',
          value: (
            <span className="flex flex-col">
              <span className="font-semibold">{formatMillions(p.expectedAmount)}</span>
              <span className="text-xs text-slate-500">{formatNaira(p.expectedAmount)}</span>
            </span>
          ),
          testId: 'payment-expected-amount',
        },
        {
          label: 'Difference',
          // The server's check at submission: what the reviewer weighs before approving.
          value: (
            <span
              className={cn(
                'inline-flex rounded-md px-2 py-0.5 font-semibold',
                matches ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
              )}
            >
              {describeAmountDifference(p.amountDifference)}
            </span>
          ),
          wide: true,
          testId: 'payment-amount-difference',
        },
        { label: 'Submitted', value: formatDateTime(p.submittedAt) },
        { label: 'Payment ID', value: <span className="font-mono text-xs break-all">{p.id}</span>, wide: true },
      ]}
    />
  );
}

/** An approved or rejected payment's outcome, shown in place of the review controls. */
export function DecisionSummary({ decision, showNotes }: { decision: PaymentDecision; showNotes: boolean }) {
  const approved = decision.status === 'approved';
  const Icon = approved ? CircleCheck : CircleX;
  return (
    <div
      className={cn(
        'flex gap-3 rounded-xl border p-4 text-sm',
        approved ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900',
      )}
      data-testid="payment-decision"
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">
          {approved ? 'Approved' : 'Rejected'}
          {decision.by ? ` by ${decision.by}` : ''}
          {decision.at ? ` on ${formatDateTime(decision.at)}` : ''}
        </p>
        {showNotes ? <p className="mt-1 whitespace-pre-wrap">{decision.notes || 'No notes were left.'}</p> : null}
        <p className="mt-1 text-xs opacity-80">A decided payment cannot be reviewed again.</p>
      </div>
    </div>
  );
}
