// Every date and time the product shows, in one place, for the SPA, the API's files (CSVs, the
// data export's summary) and the notifier's messages alike. The business runs on Lagos time (WAT,
// UTC+1, no daylight saving), so the same instant reads the same on an investor's phone in
// London, on the admin's laptop, in a statement and in an email, whatever the device's zone says.

export const LAGOS_TIME_ZONE = 'Africa/Lagos';
/** The zone as a SQL string literal, for `AT TIME ZONE` in queries that cut days on the Lagos clock. */
export const LAGOS_TIME_ZONE_SQL = `'${LAGOS_TIME_ZONE}'`;
/** The zone's name as shown beside a time. */
export const LAGOS_ZONE_LABEL = 'WAT';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: LAGOS_TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: LAGOS_TIME_ZONE });
const timeOnly = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: LAGOS_TIME_ZONE,
});
// A calendar date (a birthday, a transaction day) names a day, not an instant: read it in UTC
// so no zone can move it to the day before.
const calendarLong = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const calendarShort = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2 Mar 2025, 14:05 WAT'; '' for a value that is not a date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return `${dateTime.format(date)} ${LAGOS_ZONE_LABEL}`;
}

/** '2 Mar 2025' (the Lagos day of an instant; a bare 'YYYY-MM-DD' is that calendar day). */
export function formatDate(value: string | Date | null | undefined): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return calendarShort.format(new Date(`${value}T00:00:00Z`));
  const date = parse(value);
  return date ? dateOnly.format(date) : '';
}

/** '14:05:09 WAT'. */
export function formatTime(value: string | Date): string {
  const date = parse(value);
  return date ? `${timeOnly.format(date)} ${LAGOS_ZONE_LABEL}` : '';
}

/** '14:05:09' on the Lagos clock, without the zone's name (an as-of time to the second). */
export function formatClockSeconds(value: string | Date): string {
  const date = parse(value);
  return date ? timeOnly.format(date) : '';
}

/** A calendar date in words: '1985-04-12' → '12 April 1985'; anything else as typed. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '';
  if (!CALENDAR_DATE.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : calendarLong.format(date);
}

const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: LAGOS_TIME_ZONE });

/** The Lagos calendar day of an instant as 'YYYY-MM-DD' (today by default). */
export function lagosDayIso(now: Date = new Date()): string {
  return isoDay.format(now);
}

// Sweden's forms are ISO's order: sortable as text.
const sortable = new Intl.DateTimeFormat('sv-SE', {
  timeZone: LAGOS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' on the Lagos clock, sortable as text (the CSVs an auditor reads). */
export function formatSortableLagosTime(value: string | Date): string {
  const date = parse(value);
  return date ? sortable.format(date) : '';
}

const mediumDateTime = new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** '2 Mar 2025, 14:05 WAT': a time in a sentence (messages, the data export's summary). */
export function formatMediumDateTime(value: string | Date): string {
  const date = parse(value);
  return date ? `${mediumDateTime.format(date)} ${LAGOS_ZONE_LABEL}` : '';
}

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS_TIME_ZONE, timeStyle: 'short' });

/** '14:05' on the Lagos clock, without the zone's name. */
export function formatClock(value: string | Date): string {
  const date = parse(value);
  return date ? clock.format(date) : '';
}
