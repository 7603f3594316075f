import type { PaymentHistoryEntry } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { validate as isUuid } from 'uuid';
import { ADMIN_DECIDER, SUBMITTER_NAME_SQL } from './payments.ts';

type HistoryRow = {
  type: PaymentHistoryEntry['type'];
  at: Date;
  actor_kind: 'visitor' | 'user' | 'admin';
  actor_id: string | null;
  notes: string | null;
  user_name: string | null;
  user_email: string | null;
};

/** Who reads the timeline: the admin sees which admin decided; an investor sees 'Admin'. */
export type HistoryViewer = { kind: 'admin' } | { kind: 'investor'; userId: string };

// The admin's username is half of the admin credentials: investors never see it.
const toActor = (row: HistoryRow, viewer: HistoryViewer): string | null => {
  if (row.actor_kind === 'admin') return viewer.kind === 'admin' ? row.actor_id : ADMIN_DECIDER;
  if (row.actor_kind === 'user') return row.user_name ?? row.user_email ?? 'Investor';
  return row.actor_id;
};

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
  const { rows } = await db.query<HistoryRow>(
    `SELECT h.type, h.at, h.actor_kind, h.actor_id, h.notes, ${SUBMITTER_NAME_SQL} AS user_name, u.email AS user_email
       FROM payment_history h
       LEFT JOIN users u ON h.actor_kind = 'user' AND u.id = h.user_id
      WHERE h.payment_id = $1 ${owner}
      ORDER BY h.global_position`,
    viewer.kind === 'investor' ? [options.paymentId, viewer.userId] : [options.paymentId],
  );
  if (rows.length === 0) return null;
  return rows.map((row) => ({ type: row.type, at: row.at.toISOString(), actor: toActor(row, viewer), notes: row.notes }));
};
