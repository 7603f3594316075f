import type { PaymentStatus } from '@acres/contracts/constants';
import type { AdminPaymentsResponse, Payment } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { USERS } from '@acres/read-models/identity';
import { cursorOf, LAST_PAGE_CURSOR } from '../shared/cursor.ts';
import { boundedCountSql, countedTotalSql, readKeysetPage } from '../shared/keyset-page.ts';
import { ADMIN_DECIDER, PAYMENT_VIEW_COLUMNS, PAYMENTS, toPayment, type PaymentView } from '@acres/read-models/payments';

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
 * The admin's list: newest first by (submitted_at, id), optionally one status; keyset
 * pages with a `cursor`, offset paging without one. The total never counts the whole
 * table: unfiltered it is the admin-counters row's total_payments (the route waits for
 * that projection), for one status a count capped at FILTERED_TOTAL_CAP over the
 * (status, submitted_at, id) index. The submitter comes from the users read model by
 * LEFT JOIN, so a payment shows even while its user's row lags behind.
 */
export const listPayments = async (
  db: Queryable,
  query: { status?: PaymentStatus | undefined; limit: number; offset: number; cursor?: string | undefined },
): Promise<AdminPaymentsResponse> => {
  const conditions = query.status ? ['p.status = $1'] : [];
  const filter = query.status ? [query.status] : [];
  const page = await readKeysetPage<SubmitterRow & { cursor_at: string }>(db, {
    select: `${PAYMENT_VIEW_COLUMNS}, ${SUBMITTER_NAME_SQL} AS submitter_name, u.email AS submitter_email`,
    from: `${PAYMENTS.table} p LEFT JOIN ${USERS.table} u ON u.id = p.user_id`,
    column: 'p.submitted_at',
    idColumn: 'p.id',
    conditions,
    values: filter,
    total: query.status
      ? boundedCountSql(`${PAYMENTS.table} p`, `WHERE ${conditions.join(' AND ')}`)
      : countedTotalSql('total_payments'),
    limit: query.limit,
    offset: query.offset,
    cursor: cursorOf(query.cursor),
  });
  return {
    total: page.total,
    payments: page.rows.map(toAdminPayment),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: LAST_PAGE_CURSOR,
  };
};
