// Labels of the chart periods the API returns as Lagos dates ('YYYY-MM-DD' week starts,
// 'YYYY-MM' months): read from the text itself, so the browser's own time zone never shifts them.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const parts = (value: string) => value.split('-').map(Number) as [number, number, number?];

/** '2026-03-23' → '23 Mar'. */
export function weekAxisLabel(weekStart: string): string {
  const [, month, day] = parts(weekStart);
  return `${day ?? 1} ${MONTHS[month - 1]}`;
}

/** '2026-03-23' → 'Week of 23 Mar 2026'. */
export function weekName(weekStart: string): string {
  const [year] = parts(weekStart);
  return `Week of ${weekAxisLabel(weekStart)} ${year}`;
}

/** '2026-03' → 'Mar'; January also shows its year ('Jan 26') so a year's turn is visible. */
export function monthAxisLabel(month: string): string {
  const [year, number] = parts(month);
  return number === 1 ? `Jan ${String(year).slice(2)}` : (MONTHS[number - 1] ?? month);
}

/** '2026-03' → 'Mar 2026'. */
export function monthName(month: string): string {
  const [year, number] = parts(month);
  return `${MONTHS[number - 1]} ${year}`;
}
