import { type AdminAffiliateSale, formatNaira } from '@acres/contracts';
import { Info } from 'lucide-react';
import { DecisionNotes, DecisionOutcome } from '@/features/admin/shell/components/decision-outcome';
import { DetailList } from '@/features/admin/shell/components/detail-list';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { formatNigerianPhone, phoneHref } from '@/features/admin/shell/lib/format-phone';
import {
  describeTiers,
  formatCalendarDate,
  formatRate,
  ordinal,
  paymentPlanLabel,
  previewCommission,
  saleAcresLabel,
  type SaleDecision,
} from '../lib/sale-review-model';
import { saleAffiliateName } from './affiliates-sales-table';

/** The sale as the affiliate reported it. */
export function SaleReviewDetails({ sale: s }: { sale: AdminAffiliateSale }) {
  const phone = formatNigerianPhone(s.clientPhone);
  return (
    <DetailList
      items={[
        { label: 'Client', value: s.clientName, testId: 'sale-client' },
        {
          label: 'Phone',
          value: (
            <a href={phoneHref(s.clientPhone)} className="font-medium whitespace-nowrap text-brand-700 hover:underline">
              {phone}
            </a>
          ),
        },
        ...(s.clientEmail ? [{ label: 'Email', value: s.clientEmail, wide: true as const }] : []),
        { label: 'Acres', value: saleAcresLabel(s.acresPurchased), testId: 'sale-acres' },
        { label: 'Amount paid', value: <span className="font-semibold">{formatNaira(s.amount)}</span>, testId: 'sale-amount' },
        { label: 'Payment plan', value: paymentPlanLabel(s.paymentPlan) },
        { label: 'Transaction date', value: formatCalendarDate(s.transactionDate) },
        { label: 'Reported', value: formatDateTime(s.reportedAt) },
        {
          label: 'Affiliate',
          value: (
            <span className="flex flex-col">
              <span>{saleAffiliateName(s)}</span>
              {s.referralCode ? <span className="font-mono text-xs tracking-wide text-slate-500">{s.referralCode}</span> : null}
            </span>
          ),
          testId: 'sale-affiliate',
        },
      ]}
    />
  );
}

/** What verifying would pay at the affiliate's next tier; the tiers alone when their count is unknown. */
export function CommissionPreview({ sale, verifiedSoFar }: { sale: AdminAffiliateSale; verifiedSoFar: number | undefined }) {
  let text: string;
  if (verifiedSoFar === undefined) {
    text = `Verifying fixes the commission at the affiliate's tier: ${describeTiers()}`;
  } else {
    const { rateBps, commission, saleNumber } = previewCommission(sale.amount, verifiedSoFar);
    text = `Verifying makes this ${saleAffiliateName(sale)}'s ${ordinal(saleNumber)} verified sale: ${formatRate(rateBps)} commission, ${formatNaira(commission)}.`;
  }
  return (
    <p className="flex gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="sale-commission-preview">
      <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * A verified or rejected sale's outcome, shown in place of the notes field. `known`
 * false: the server refused a second decision and said which way the first went, but
 * the lists have not shown who or when yet.
 */
export function SaleDecisionSummary({ decision, known = true }: { decision: SaleDecision; known?: boolean }) {
  const verified = decision.status === 'verified';
  return (
    <DecisionOutcome outcome={decision} suffix={known ? '' : ' elsewhere'} subject="sale" testId="sale-review-decision">
      {verified && decision.commission !== null ? (
        <p className="mt-1" data-testid="sale-review-commission">
          Commission <span className="font-semibold tabular-nums">{formatNaira(decision.commission)}</span>
          {decision.rateBps === null ? null : <> at {formatRate(decision.rateBps)}</>}
        </p>
      ) : null}
      {known ? (
        <DecisionNotes notes={decision.notes} />
      ) : (
        <p className="mt-1">Another admin or window decided it while this review was open.</p>
      )}
    </DecisionOutcome>
  );
}
