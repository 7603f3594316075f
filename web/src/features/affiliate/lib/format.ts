const dateOnly = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

/** '12 Mar 2025'; '' for a value that is not a date. A bare 'YYYY-MM-DD' is read as that calendar day. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}

/** 500 → '5%', 750 → '7.5%'. */
export function formatRate(rateBps: number): string {
  return `${Number((rateBps / 100).toFixed(2))}%`;
}

/** 1 → '1 acre', 2.5 → '2.5 acres'. */
export function formatAcres(acres: number): string {
  return `${Number(acres.toFixed(1))} ${acres === 1 ? 'acre' : 'acres'}`;
}

/** Today as 'YYYY-MM-DD' in the browser's own calendar (the sale report's default date). */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** 1 → '1st', 10 → '10th', 22 → '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
