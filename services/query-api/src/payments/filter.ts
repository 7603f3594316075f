// The payment audit's filters as SQL over `payments p` (issue 12, item 3), shared by the
// admin's list and its CSV export so both show the same set.

import type { AdminPaymentsFilter } from '@acres/contracts/payment-audit';
import { USERS } from '@acres/read-models/identity';
import { PAYMENTS } from '@acres/read-models/payments';
import { toSearchPattern } from '../shared/search.ts';

// The business runs on Lagos time: a day from the filter is that day in Lagos (as the charts' weeks).
const LAGOS = `'Africa/Lagos'`;

/**
 * The investor's name as the trigram index users_name_trgm_idx holds it (migration
 * 1700000000015): the expression must stay identical for the index to answer.
 */
const INDEXED_NAME = (alias: string) => `(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))`;

/**
 * A fragment of the payment id, or of the investor's name or email. Each side is its own
 * trigram index lookup (payments_id_trgm_idx; users_name_trgm_idx and users_email_trgm_idx,
 * then the investor's payments by payments_user_submitted_idx), so the matches are found
 * without reading every payment; the page then orders only the matches.
 */
const searchSql = (parameter: number) => {
  const like = `ILIKE $${parameter} ESCAPE '\\'`;
  return `p.id IN (
      SELECT s.id FROM ${PAYMENTS.table} s WHERE s.id::text ${like}
      UNION
      SELECT s.id FROM ${USERS.table} su JOIN ${PAYMENTS.table} s ON s.user_id = su.id
       WHERE ${INDEXED_NAME('su')} ${like} OR su.email ${like})`;
};

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
  const pattern = toSearchPattern(filter.search);
  if (pattern) add(pattern, searchSql);
  return { conditions, values };
};

/** Whether the filter narrows anything (the unfiltered total is the counters row's). */
export const isFiltered = (filter: AdminPaymentsFilter) => toFilterSql(filter).conditions.length > 0;
