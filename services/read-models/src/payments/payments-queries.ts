import { countedTotalSql } from '../operations/admin-counters.ts';
import type { AdminPaymentsResponse, Payment } from '@acres/contracts/payment';
import type { AdminPaymentsFilter } from '@acres/contracts/payment-audit';
import type { Queryable } from '@acres/platform';
import { USERS } from '../identity/users.ts';
import { cursorOf, LAST_PAGE_CURSOR } from '../shared/query/cursor.ts';
import { boundedCountSql, cursorAtColumn, FILTERED_TOTAL_CAP, readKeysetPage } from '../shared/query/keyset-page.ts';
import { toFilterSql } from './payments-filter.ts';
import { ADMIN_DECIDER, PAYMENT_VIEW_COLUMNS, PAYMENTS, toPayment, type PaymentView } from './payments.ts';

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
 * (filter.ts); keyset pages with a `cursor`, offset paging without one. The total never
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
