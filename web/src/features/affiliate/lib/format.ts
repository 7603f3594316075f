// Dates go through the site's one Lagos-time formatter; a bare 'YYYY-MM-DD' stays that day.
import { formatDate, lagosDayIso } from '@acres/contracts/lagos-time';

export { formatDate as formatDay } from '@acres/contracts/lagos-time';

/** 500 → '5%', 750 → '7.5%'. */
export function formatRate(rateBps: number): string {
  return `${Number((rateBps / 100).toFixed(2))}%`;
}

/** A rate as the API answers it, in percent: 5 → '5%', 7.5 → '7.5%'. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

type CommissionState = {
  commissionStatus?: 'pending' | 'verified' | 'in_payout' | 'paid' | null;
  paidAt?: string | null;
  transferReference?: string | null;
  payoutReference?: string | null;
};

/** 'Verified', 'In payout · ACRES-PO-…', 'Paid 30 Jun 2026 · ref GTB-0042' (Lagos dates). */
export function describeCommissionStatus(sale: CommissionState): string {
  switch (sale.commissionStatus) {
    case 'paid':
      return `Paid ${sale.paidAt ? formatDate(sale.paidAt) : ''} · ref ${sale.transferReference ?? ''}`;
    case 'in_payout':
      return `In payout${sale.payoutReference ? ` · ${sale.payoutReference}` : ''}`;
    case 'verified':
      return 'Verified, awaiting payout';
    case 'pending':
      return 'Pending';
    default:
      return '';
  }
}

/** 1 → '1 acre', 2.5 → '2.5 acres'. */
export function formatAcres(acres: number): string {
  return `${Number(acres.toFixed(1))} ${acres === 1 ? 'acre' : 'acres'}`;
}

/** Today as 'YYYY-MM-DD' in Lagos (the sale report's default date), whatever the device's zone. */
export function todayIso(now: Date = new Date()): string {
  return lagosDayIso(now);
}

/** 1 → '1st', 10 → '10th', 22 → '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
