import type { PaymentHistoryEntry } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { USERS } from '../identity/users.ts';
import { PAYMENT_HISTORY, toPaymentHistoryEntry, type HistoryViewer, type PaymentHistoryView } from './payment-history.ts';
import { validate as isUuid } from 'uuid';
import { SUBMITTER_NAME_SQL } from './payments-queries.ts';

/**
 * A payment's timeline, oldest first: submitted, then approved or rejected, by whom,
 * when, with the notes. null when the payment does not exist or, for an investor, is
 * not theirs: both answer the same, so a stranger learns nothing about other payments.
 */
export const readPaymentHistory = async (
  db: Queryable,
  options: { paymentId: string; viewer: HistoryViewer },
): Promise<PaymentHistoryEntry[] | null> => {
  // Payment ids are RFC 9562 uuids (the contracts' z.uuid()); anything else names no
  // payment (404, never a database error).
  if (!isUuid(options.paymentId)) return null;
  const { viewer } = options;
  const owner = viewer.kind === 'investor' ? 'AND h.user_id = $2' : '';
  const { rows } = await db.query<PaymentHistoryView>(
    `SELECT h.type, h.at, h.actor_kind, h.actor_id, h.notes, ${SUBMITTER_NAME_SQL} AS user_name, u.email AS user_email
       FROM ${PAYMENT_HISTORY.table} h
       LEFT JOIN ${USERS.table} u ON h.actor_kind = 'user' AND u.id = h.user_id
      WHERE h.payment_id = $1 ${owner}
      ORDER BY h.global_position`,
    viewer.kind === 'investor' ? [options.paymentId, viewer.userId] : [options.paymentId],
  );
  if (rows.length === 0) return null;
  return rows.map((row) => toPaymentHistoryEntry(row, viewer));
};
