// The payment audit's filters as SQL over `payments p` (issue 12, item 3), shared by the
// admin's list and its CSV export so both show the same set.

import type { AdminPaymentsFilter } from '@acres/contracts/payment-audit';
import { PAYMENT_SEARCH_TEXT } from './payments.ts';
import { toSearchPattern } from '../shared/query/search.ts';
import { LAGOS_TIME_ZONE_SQL } from '@acres/contracts/lagos-time';

// The business runs on Lagos time: a day from the filter is that day in Lagos (as the charts' weeks).
const LAGOS = LAGOS_TIME_ZONE_SQL;

/**
 * A fragment of the investor's name, their email or the payment id: one trigram index
 * (payments_search_trgm_idx) over the payment's own row, so a search is one bitmap index
 * scan and a sort of the matches, however many payments there are.
 */
const searchSql = (parameter: number) => `${PAYMENT_SEARCH_TEXT('p')} ILIKE $${parameter} ESCAPE '\\'`;

// A whole email address (something@domain.tld, nothing around it).
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A whole email typed in is one investor: looked up exactly (payments_investor_email_idx),
 * since its common trigrams ('exa', 'com', …) would make the trigram index read most rows.
 */
const emailSql = (parameter: number) => `lower(p.investor_email) = lower($${parameter})`;

export type FilterSql = { conditions: string[]; values: unknown[] };

/** WHERE conditions (and their values, numbered from $1) narrowing `payments p` to the filter. */
export const toFilterSql = (filter: AdminPaymentsFilter): FilterSql => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (value: unknown, condition: (parameter: number) => string) => {
    values.push(value);
    conditions.push(condition(values.length));
  };
  if (filter.status) add(filter.status, (n) => `p.status = $${n}`);
  if (filter.investor) add(filter.investor, (n) => `p.user_id = $${n}::uuid`);
  if (filter.from) add(filter.from, (n) => `p.submitted_at >= ($${n}::date::timestamp AT TIME ZONE ${LAGOS})`);
  // `to` is included: up to the start of the next Lagos day.
  if (filter.to) add(filter.to, (n) => `p.submitted_at < (($${n}::date + 1)::timestamp AT TIME ZONE ${LAGOS})`);
  const search = filter.search?.trim();
  if (search && WHOLE_EMAIL.test(search)) add(search, emailSql);
  else {
    const pattern = toSearchPattern(search);
    if (pattern) add(pattern, searchSql);
  }
  return { conditions, values };
};

/** Whether the filter narrows anything (the unfiltered total is the counters row's). */
export const isFiltered = (filter: AdminPaymentsFilter) => toFilterSql(filter).conditions.length > 0;
