import type { PaymentStatus } from '@acres/contracts/constants';
import type { AdminPaymentsResponse, Payment } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { USERS } from '@acres/read-models/identity';
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
 * The admin's list: newest first, optionally one status, offset paging, the total over
 * the same filter. The submitter comes from the users read model by LEFT JOIN, so a
 * payment shows even while its user's row lags behind.
 */
export const listPayments = async (
  db: Queryable,
  query: { status?: PaymentStatus | undefined; limit: number; offset: number },
): Promise<AdminPaymentsResponse> => {
  const where = query.status ? 'WHERE p.status = $1' : '';
  const filter = query.status ? [query.status] : [];
  const next = filter.length + 1;
  const [page, count] = await Promise.all([
    db.query<SubmitterRow>(
      `SELECT ${PAYMENT_VIEW_COLUMNS}, ${SUBMITTER_NAME_SQL} AS submitter_name, u.email AS submitter_email
         FROM ${PAYMENTS.table} p LEFT JOIN ${USERS.table} u ON u.id = p.user_id
         ${where} ${NEWEST_FIRST} LIMIT $${next} OFFSET $${next + 1}`,
      [...filter, query.limit, query.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*) AS total FROM ${PAYMENTS.table} p ${where}`, filter),
  ]);
  return { total: count.rows[0]?.total ?? 0, payments: page.rows.map(toAdminPayment) };
};
