// The business runs on Lagos time; every admin sees the same clock whatever the device says.
const TIME_ZONE = 'Africa/Lagos';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2 Mar 2025, 14:05' (Lagos time); the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTime.format(date) : iso;
}

/** '2 Mar 2025' (Lagos time); the raw text when it is not a date. */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateOnly.format(date) : iso;
}
