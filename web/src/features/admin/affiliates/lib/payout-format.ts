import { COMMISSION_STATUS_LABELS, type CommissionStatus, statementMonthOf } from '@acres/contracts';
import { lagosDayIso } from '@acres/contracts/lagos-time';

/** 'In payout', 'Paid', …; a rejected sale's commission (null) reads as none. */
export function commissionStatusLabel(status: CommissionStatus | null | undefined): string {
  return status ? COMMISSION_STATUS_LABELS[status] : '—';
}

/** The last `count` Lagos calendar months 'YYYY-MM', newest first. */
export function recentMonths(count: number, now: Date = new Date()): string[] {
  const months = [statementMonthOf(now)];
  while (months.length < count) {
    const [year = 1970, month = 1] = months[months.length - 1]!.split('-').map(Number);
    months.push(month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`);
  }
  return months;
}

const monthLabel = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** '2025-03' → 'March 2025'. */
export function formatMonth(month: string): string {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  return monthLabel.format(new Date(Date.UTC(year, m - 1, 1)));
}

/** Today in Lagos, 'YYYY-MM-DD': the default date a payout batch runs up to. */
export function lagosToday(now: Date = new Date()): string {
  return lagosDayIso(now);
}
