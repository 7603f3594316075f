import { statementMonthOf } from '@acres/contracts/affiliate-reads';

/** Statement months are Lagos calendar months 'YYYY-MM' (the server groups by verified_at in Lagos). */
const MAX_MONTHS = 36;

const monthLabel = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });

export function currentMonth(now: Date = new Date()): string {
  return statementMonthOf(now);
}

function previousMonth(month: string): string {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/** '2025-03' → 'March 2025'. */
export function formatMonth(month: string): string {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  return monthLabel.format(new Date(Date.UTC(year, m - 1, 1)));
}

/**
 * The months an affiliate can ask a statement for: from the month they joined to the
 * current one, newest first (at most MAX_MONTHS; the server refuses future months).
 */
export function statementMonths(joinedAt: string | undefined, now: Date = new Date()): string[] {
  const last = currentMonth(now);
  const joined = joinedAt && !Number.isNaN(Date.parse(joinedAt)) ? statementMonthOf(new Date(joinedAt)) : last;
  const first = joined < last ? joined : last;
  const months: string[] = [];
  for (let month = last; months.length < MAX_MONTHS; month = previousMonth(month)) {
    months.push(month);
    if (month <= first) break;
  }
  return months;
}
