// SPEC 3 payments: one row per PaymentProofSubmitted, decided once by PaymentApproved or
// PaymentRejected from the allocation stream (payments-projection.ts writes it), read by the
// investor's and the admin's payment lists and the audit's CSV as the contract's Payment.

import type { PaymentStatus } from '@acres/contracts/constants';
import { type AdminPaymentsResponse, type Payment, PaymentSchema, resolveAmountCheck } from '@acres/contracts/payment';
import { defineReadModel, type Position, selectList, type SqlTypes } from '../shared/read-model.ts';
import { createRowCodec } from '../shared/row-codec.ts';
import type { AdminPaymentsFilter } from '@acres/contracts/payment-audit';
import { toSearchPattern } from '../shared/query/search.ts';
import { LAGOS_TIME_ZONE_SQL } from '@acres/contracts/lagos-time';
import { countedTotalSql } from '../operations/admin-counters.ts';
import type { Queryable } from '@acres/platform';
import { USERS } from '../identity/users.ts';
import { cursorOf, LAST_PAGE_CURSOR } from '../shared/query/cursor.ts';
import { boundedCountSql, cursorAtColumn, FILTERED_TOTAL_CAP, readKeysetPage } from '../shared/query/keyset-page.ts';

export const PAYMENTS = {
  ...defineReadModel('payments', 'payments', '1700000000006_payments.sql'),
  /** The investors' names and emails as the user events last said, copied onto their payments for the search. */
  investorsTable: 'payment_investors',
};

export type PaymentRow = {
  id: string;
  user_id: string;
  lead_id: string | null;
  amount: number;
  acres: number;
  proof_image_path: string;
  status: PaymentStatus;
  /** The decision's notes (null for none); set with the decision, like approved_by and processed_at. */
  admin_notes: string | null;
  /** Who decided, approved or rejected: the decision's decidedBy. */
  approved_by: string | null;
  submitted_at: Date;
  processed_at: Date | null;
  /** acres × the wholesale price at submission; null on a row of a version 1 event not yet rebuilt. */
  expected_amount: number | null;
  /** amount − expected_amount (negative: short); null as expected_amount. */
  amount_difference: number | null;
  /** The investor's name and email as the user events last said, for the audit's search (null until known). */
  investor_name: string | null;
  investor_email: string | null;
  /** The last event applied to the row (the submission, then the decision). */
  global_position: Position;
};

/** Payment ↔ its columns: the fields the row stores (the submitter comes from the users read model). */
export const PAYMENT_ROW = createRowCodec(PaymentSchema.omit({ submitterName: true, submitterEmail: true }), {
  id: 'uuid',
  userId: 'uuid',
  leadId: 'uuid',
  amount: 'bigint',
  acres: 'integer',
  expectedAmount: 'bigint',
  amountDifference: 'bigint',
});

export const PAYMENT_COLUMNS = {
  ...PAYMENT_ROW.columns,
  investor_name: 'text',
  investor_email: 'text',
  global_position: 'bigint',
} as const satisfies SqlTypes<PaymentRow>;

/** What the payments projection knows of each investor (its own table, payment_investors). */
export type PaymentInvestorRow = { user_id: string; name: string | null; email: string | null; global_position: Position };

/**
 * The text the audit searches, over `payments` as `alias`: the investor's name, their email
 * and the payment id. The trigram index payments_search_trgm_idx (migration 1700000000015)
 * holds exactly this expression, so it must not change without the index.
 */
export const PAYMENT_SEARCH_TEXT = (alias: string) =>
  `(coalesce(${alias}.investor_name, '') || ' ' || coalesce(${alias}.investor_email, '') || ' ' || ${alias}.id::text)`;

/** The columns a Payment is made of. */
export type PaymentView = Omit<PaymentRow, 'global_position' | 'investor_name' | 'investor_email'>;

/** SELECT list of a PaymentView from `payments p`. */
export const PAYMENT_VIEW_COLUMNS = selectList(PAYMENT_COLUMNS, {
  omit: ['global_position', 'investor_name', 'investor_email'],
  alias: 'p',
});

/** What an investor is told of who decided: the role, never an admin's account name. */
export const ADMIN_DECIDER = 'Admin';

/** The payment as the admin sees it (an investor's own list shows ADMIN_DECIDER as approvedBy). */
export const toPayment = (row: PaymentView): Payment => {
  const payment = PAYMENT_ROW.fromRow(row);
  return { ...payment, ...resolveAmountCheck(payment) };
};

// The payment audit's filters (issue 12, item 3) are SQL over `payments p`, shared by the
// admin's list and its CSV export so both show the same set.

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

type SubmitterRow = PaymentView & { submitter_name: string | null; submitter_email: string | null };

/** "First Last" from the users read model (`users u`), null when the user has no name (or no row yet). */
export const SUBMITTER_NAME_SQL = `NULLIF(btrim(concat_ws(' ', u.first_name, u.last_name)), '')`;

const NEWEST_FIRST = 'ORDER BY p.submitted_at DESC, p.id DESC';

const toAdminPayment = (row: SubmitterRow): Payment => ({
  ...toPayment(row),
  // Absent rather than empty while the users read model has no row (or no name) for them.
  ...(row.submitter_name === null ? {} : { submitterName: row.submitter_name }),
  ...(row.submitter_email === null ? {} : { submitterEmail: row.submitter_email }),
});

/** The investor's own payments, newest first. */
export const listOwnPayments = async (db: Queryable, userId: string): Promise<Payment[]> => {
  const { rows } = await db.query<PaymentView>(
    `SELECT ${PAYMENT_VIEW_COLUMNS} FROM ${PAYMENTS.table} p WHERE p.user_id = $1 ${NEWEST_FIRST}`,
    [userId],
  );
  return rows.map((row) => ({ ...toPayment(row), approvedBy: row.approved_by === null ? null : ADMIN_DECIDER }));
};

/**
 * A search's total counts at most this many matches: each is a row rechecked against the
 * pattern, so a broad fragment ("ada") would otherwise cost more than its page (issue 12:
 * under 100 ms at 100,000 payments). The answer says when it stopped (totalCapped).
 */
export const SEARCH_TOTAL_CAP = 1_000;

const ADMIN_SELECT = `${PAYMENT_VIEW_COLUMNS}, ${SUBMITTER_NAME_SQL} AS submitter_name, u.email AS submitter_email`;
const ADMIN_FROM = `${PAYMENTS.table} p LEFT JOIN ${USERS.table} u ON u.id = p.user_id`;

/**
 * The admin's list: newest first by (submitted_at, id), narrowed by the audit's filters
 * (toFilterSql); keyset pages with a `cursor`, offset paging without one. The total never
 * counts the whole table: unfiltered it is the admin-counters row's total_payments (the
 * route waits for that projection), filtered a count capped at FILTERED_TOTAL_CAP. The
 * submitter comes from the users read model by LEFT JOIN, so a payment shows even while
 * its user's row lags behind.
 */
export const listPayments = async (
  db: Queryable,
  query: AdminPaymentsFilter & { limit: number; offset: number; cursor?: string | undefined },
): Promise<AdminPaymentsResponse> => {
  const { conditions, values } = toFilterSql(query);
  const cap = query.search ? SEARCH_TOTAL_CAP : FILTERED_TOTAL_CAP;
  const page = await readKeysetPage<SubmitterRow & { cursor_at: string }>(db, {
    select: ADMIN_SELECT,
    from: ADMIN_FROM,
    column: 'p.submitted_at',
    idColumn: 'p.id',
    conditions,
    values,
    total:
      conditions.length > 0
        ? boundedCountSql(`${PAYMENTS.table} p`, `WHERE ${conditions.join(' AND ')}`, cap)
        : countedTotalSql('total_payments'),
    limit: query.limit,
    offset: query.offset,
    cursor: cursorOf(query.cursor),
  });
  return {
    total: page.total,
    ...(conditions.length > 0 && page.total >= cap ? { totalCapped: true } : {}),
    payments: page.rows.map(toAdminPayment),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: LAST_PAGE_CURSOR,
  };
};

/** Where the export's next page starts: strictly older than this payment in (submitted_at, id) order. */
export type PaymentKey = { at: string; id: string };

/** One keyset page of the filtered payments, newest first, for the CSV export. */
export const readPaymentsPage = async (
  db: Queryable,
  options: { filter: AdminPaymentsFilter; after?: PaymentKey | undefined; limit: number },
): Promise<{ payments: Payment[]; next: PaymentKey | undefined }> => {
  const { conditions, values } = toFilterSql(options.filter);
  if (options.after) {
    values.push(options.after.at, options.after.id);
    conditions.push(`(p.submitted_at, p.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  values.push(options.limit);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const { rows } = await db.query<SubmitterRow & { cursor_at: string }>(
    `SELECT ${ADMIN_SELECT}, ${cursorAtColumn('p.submitted_at')} FROM ${ADMIN_FROM} ${where} ${NEWEST_FIRST} LIMIT $${values.length}`,
    values,
  );
  const last = rows.at(-1);
  const next = last && rows.length === options.limit ? { at: last.cursor_at, id: last.id } : undefined;
  return { payments: rows.map(toAdminPayment), next };
};
