// A payment's audit timeline (DESIGN 5): one row per event of the payment, submitted by its
// investor, then approved or rejected by the admin, with when and the notes, read as the
// contract's PaymentHistoryEntry list. Rows are only ever added, and the event's global
// position is part of the key, so a replayed event is a no-op and nothing can rewrite an entry.

import type { PaymentHistoryEntry } from '@acres/contracts/payment';
import { STAFF_MEMBERS } from '../staff/staff-members.ts';
import { defineReadModel, type Position, type RowToWrite, type SqlTypes } from '../shared/read-model.ts';
import { ADMIN_DECIDER, SUBMITTER_NAME_SQL } from './payments.ts';
import type { RecordedEvent } from '@acres/eventstore/port';
import { defineInsertOnlyProjection } from '../shared/projection/insert-only-projection.ts';
import { parseEventData, type Projection } from '../shared/projection/projection.ts';
import { toNotes } from './payments-projection.ts';
import { erasePaymentHistoryRows } from '../shared/projection/erasers.ts';
import type { ProjectionTarget } from '../shared/projection/define-projection.ts';
import type { Queryable } from '@acres/platform';
import { USERS } from '../identity/users.ts';
import { validate as isUuid } from 'uuid';

export const PAYMENT_HISTORY = defineReadModel('payment-history', 'payment_history', '1700000000006_payments.sql');

export type PaymentHistoryRow = {
  payment_id: string;
  /** The event's position: with payment_id the key (a replay is a no-op), and the timeline's order. */
  global_position: Position;
  /** The payment's owner, so an investor's access check needs no other table. */
  user_id: string;
  type: PaymentHistoryEntry['type'];
  at: Date;
  actor_kind: 'visitor' | 'user' | 'admin';
  actor_id: string | null;
  notes: string | null;
};

export const PAYMENT_HISTORY_COLUMNS = {
  payment_id: 'uuid',
  global_position: 'bigint',
  user_id: 'uuid',
  type: 'text',
  at: 'timestamptz',
  actor_kind: 'text',
  actor_id: 'text',
  notes: 'text',
} as const satisfies SqlTypes<PaymentHistoryRow>;

/** A timeline row with the name and email of its user (from the users read model; null while it lags). */
export type PaymentHistoryView = Pick<PaymentHistoryRow, 'type' | 'at' | 'actor_kind' | 'actor_id' | 'notes'> & {
  user_name: string | null;
  user_email: string | null;
  /** The deciding staff member's name (the staff read model), null for the Basic-auth owner. */
  staff_name: string | null;
};

/** Who reads the timeline: the admin sees which admin decided; an investor sees 'Admin'. */
export type HistoryViewer = { kind: 'admin' } | { kind: 'investor'; userId: string };

// The admin's username is half of the admin credentials: investors never see it.
const toActor = (row: PaymentHistoryView, viewer: HistoryViewer): string | null => {
  if (row.actor_kind === 'admin') return viewer.kind === 'admin' ? (row.staff_name ?? row.actor_id) : ADMIN_DECIDER;
  if (row.actor_kind === 'user') return row.user_name ?? row.user_email ?? 'Investor';
  return row.actor_id;
};

export const toPaymentHistoryEntry = (row: PaymentHistoryView, viewer: HistoryViewer): PaymentHistoryEntry => ({
  type: row.type,
  at: row.at.toISOString(),
  actor: toActor(row, viewer),
  notes: row.notes,
});

type HistoryRow = RowToWrite<PaymentHistoryRow>;

// The actor comes from the validated event data rather than the metadata: the
// submitter is the payment's owner, the decider is the decision's decidedBy.
const toRow = (event: RecordedEvent): HistoryRow => {
  const position = event.globalPosition.toString();
  if (event.type === 'PaymentProofSubmitted') {
    const data = parseEventData('PaymentProofSubmitted', event);
    return {
      payment_id: data.paymentId,
      global_position: position,
      user_id: data.userId,
      type: 'submitted',
      at: data.submittedAt,
      actor_kind: 'user',
      actor_id: data.userId,
      notes: null,
    };
  }
  if (event.type === 'PaymentApproved' || event.type === 'PaymentRejected') {
    const data = parseEventData(event.type, event);
    return {
      payment_id: data.paymentId,
      global_position: position,
      user_id: data.userId,
      type: event.type === 'PaymentApproved' ? 'approved' : 'rejected',
      at: data.decidedAt,
      actor_kind: 'admin',
      actor_id: data.decidedBy,
      notes: toNotes(data.adminNotes),
    };
  }
  throw new Error(`payment-history does not handle ${event.type}`);
};

export const createPaymentHistoryProjection = (target: ProjectionTarget = {}): Projection =>
  defineInsertOnlyProjection({
    model: PAYMENT_HISTORY,
    target,
    handles: ['PaymentProofSubmitted', 'PaymentApproved', 'PaymentRejected'],
    columns: PAYMENT_HISTORY_COLUMNS,
    key: ['payment_id', 'global_position'],
    toRows: toRow,
    erase: erasePaymentHistoryRows,
  });

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
    `SELECT h.type, h.at, h.actor_kind, h.actor_id, h.notes, ${SUBMITTER_NAME_SQL} AS user_name, u.email AS user_email,
            s.display_name AS staff_name
       FROM ${PAYMENT_HISTORY.table} h
       LEFT JOIN ${USERS.table} u ON h.actor_kind = 'user' AND u.id = h.user_id
       LEFT JOIN ${STAFF_MEMBERS.table} s ON h.actor_kind = 'admin' AND s.staff_id::text = h.actor_id
      WHERE h.payment_id = $1 ${owner}
      ORDER BY h.global_position`,
    viewer.kind === 'investor' ? [options.paymentId, viewer.userId] : [options.paymentId],
  );
  if (rows.length === 0) return null;
  return rows.map((row) => toPaymentHistoryEntry(row, viewer));
};
