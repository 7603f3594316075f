import { describeAmountDifference, formatMillions, formatNaira, type Payment } from '@acres/contracts';
import { DecisionNotes, DecisionOutcome } from '@/features/admin/shell/components/decision-outcome';
import { Stacked } from '@/features/admin/shell/components/row-parts';
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
          value: <Stacked value={formatMillions(p.amount)} detail={formatNaira(p.amount)} valueClassName="font-semibold" />,
          testId: 'payment-amount',
        },
        {
          label: 'Expected at ₦3.5M per acre',
          value: (
            <Stacked
              value={formatMillions(p.expectedAmount)}
              detail={formatNaira(p.expectedAmount)}
              valueClassName="font-semibold"
            />
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
      ]}
    />
  );
}

/** An approved or rejected payment's outcome, shown in place of the review controls. */
export function DecisionSummary({ decision, showNotes }: { decision: PaymentDecision; showNotes: boolean }) {
  return (
    <DecisionOutcome outcome={decision} subject="payment" testId="payment-decision">
      {showNotes ? <DecisionNotes notes={decision.notes} /> : null}
    </DecisionOutcome>
  );
}
