import {
  type AdminAffiliateSale,
  bpsToPercent,
  COMMISSION_TIERS,
  formatNaira,
  getCommissionRateBps,
  computeCommission,
  percentToBps,
  type SalePaymentPlan,
  type SaleStatusUpdated,
} from '@acres/contracts';
import { ApiError } from '@/lib/api-client';
import { problemFromError } from '@/lib/problem';
import { withFailureReason } from '@/features/admin/shell/lib/failure-reason';

export const SALE_UPDATE_TOASTS = {
  verified: { title: 'Sale verified' },
  rejected: { title: 'Sale rejected', description: 'The sale was rejected and earns no commission.' },
  failure: { title: 'Update failed', description: 'Failed to update sale status' },
} as const;

export type SaleDecisionStatus = 'verified' | 'rejected';

export type SaleDecision = {
  status: SaleDecisionStatus;
  by: string | null;
  at: string | null;
  notes: string | null;
  /** Fixed at verification; null for a rejection. */
  rateBps: number | null;
  commission: number | null;
};

/** The decision on a sale as its list row tells it; null while the sale is pending. */
export function saleDecisionOf(sale: AdminAffiliateSale): SaleDecision | null {
  if (sale.status === 'verified') {
    return {
      status: 'verified',
      by: sale.verifiedBy,
      at: sale.verifiedAt ?? null,
      notes: sale.notes ?? null,
      rateBps: sale.commissionRate == null ? null : percentToBps(sale.commissionRate),
      commission: sale.computedCommission,
    };
  }
  if (sale.status === 'rejected') {
    return {
      status: 'rejected',
      by: sale.rejectedBy,
      at: sale.rejectedAt,
      notes: sale.notes ?? null,
      rateBps: null,
      commission: null,
    };
  }
  return null;
}

const ALREADY_DECIDED = /already been (verified|rejected)/i;

/**
 * A 409 that says the sale was decided meanwhile (another admin, another tab): which
 * way, so the dialog can show it at once instead of offering the buttons again.
 */
export function decisionFromConflict(error: unknown): SaleDecisionStatus | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const problem = problemFromError(error);
  const match = ALREADY_DECIDED.exec(problem?.detail ?? problem?.title ?? error.bodyText);
  return match ? (match[1]!.toLowerCase() as SaleDecisionStatus) : null;
}

/** The failure toast's text, followed by the server's reason when it gave one. */
export function describeSaleDecisionFailure(error: unknown): string {
  return withFailureReason(SALE_UPDATE_TOASTS.failure.description, error);
}

/** 500 → '5%', 750 → '7.5%'. */
/** A rate as the API answers it, in percent: 5 → '5%', 7.5 → '7.5%'. */
export function formatPercent(percent: number): string {
  return `${percent.toLocaleString('en-NG', { maximumFractionDigits: 2 })}%`;
}

export function formatRate(rateBps: number): string {
  return `${bpsToPercent(rateBps).toLocaleString('en-NG', { maximumFractionDigits: 2 })}%`;
}

/** The success toast: the server's answer says which rate the sale got and what it earns. */
export function saleUpdatedToast(
  answer: SaleStatusUpdated,
  affiliateName: string | null,
): { title: string; description: string } {
  if (answer.status === 'rejected') return { ...SALE_UPDATE_TOASTS.rejected };
  const whom = affiliateName ? ` for ${affiliateName}` : '';
  if (answer.computedCommission === undefined || answer.commissionRate === undefined) {
    return { title: SALE_UPDATE_TOASTS.verified.title, description: `The commission${whom} is now fixed.` };
  }
  return {
    title: SALE_UPDATE_TOASTS.verified.title,
    description: `Commission of ${formatNaira(answer.computedCommission)} at ${formatPercent(answer.commissionRate)}${whom}.`,
  };
}

/**
 * What verifying would pay, when the affiliate's verified count is known: the next
 * verified sale's tier rate on the amount. The server fixes the real figure.
 */
export function previewCommission(
  amount: number,
  verifiedSoFar: number,
): { rateBps: number; commission: number; saleNumber: number } {
  const saleNumber = verifiedSoFar + 1;
  const rateBps = getCommissionRateBps(saleNumber);
  return { rateBps, commission: computeCommission(amount, rateBps), saleNumber };
}

/** '5% up to the 9th verified sale, 7.5% from the 10th, 10% from the 25th.' */
export function describeTiers(): string {
  const parts = COMMISSION_TIERS.map((tier, index) => {
    const next = COMMISSION_TIERS[index + 1];
    if (index === 0 && next) return `${formatRate(tier.rateBps)} up to the ${ordinal(next.fromVerifiedSale - 1)} verified sale`;
    return `${formatRate(tier.rateBps)} from the ${ordinal(tier.fromVerifiedSale)}`;
  });
  return `${parts.join(', ')}.`;
}

/** 1 → '1st', 12 → '12th', 22 → '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

export const PAYMENT_PLAN_LABELS: Record<SalePaymentPlan, string> = {
  outright: 'Outright',
  installment: 'Installment',
};

export function paymentPlanLabel(plan: SalePaymentPlan | undefined): string | null {
  return plan ? PAYMENT_PLAN_LABELS[plan] : null;
}

const calendarDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * 'YYYY-MM-DD' → '2 Mar 2025'. A calendar date has no time zone: it is read and shown
 * at UTC noon, so no device or Lagos offset can move it to another day.
 */
export function formatCalendarDate(date: string | undefined): string | null {
  if (!date) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const parsed = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return Number.isNaN(parsed.getTime()) ? date : calendarDate.format(parsed);
}

/** 1.5 → '1.5 acres', 1 → '1 acre'. */
export function saleAcresLabel(acres: number): string {
  return `${acres.toLocaleString('en-NG', { maximumFractionDigits: 1 })} acre${acres === 1 ? '' : 's'}`;
}
