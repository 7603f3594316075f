import type { AsOfQuery } from '@acres/contracts/as-of';

/** What a view is shown as of: a Lagos day, with or without a time of day (the API also takes a log position); null is now. */
export type AsOf = AsOfQuery | null;

/** The view's query parameters for `asOf` ('' for now), to append to its URL. */
export function asOfSearch(asOf: AsOf): string {
  if (!asOf) return '';
  const params = new URLSearchParams();
  if (asOf.asOf !== undefined) params.set('asOf', asOf.asOf);
  if (asOf.asOfDate !== undefined) params.set('asOfDate', asOf.asOfDate);
  if (asOf.asOfTime !== undefined) params.set('asOfTime', asOf.asOfTime);
  return params.toString();
}

/** `url` with the as-of parameters added ('?' or '&' as the URL needs). */
export function withAsOf(url: string, asOf: AsOf): string {
  const search = asOfSearch(asOf);
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}
