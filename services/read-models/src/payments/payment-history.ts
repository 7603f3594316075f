// A payment's audit timeline (DESIGN 5): one row per event of the payment, submitted by its
// investor, then approved or rejected by the admin (the projector's
// projections/payments/payment-history), read as the contract's PaymentHistoryEntry list.

import type { PaymentHistoryEntry } from '@acres/contracts/payment';
import { defineReadModel, type Position, type SqlTypes } from '../shared/read-model.ts';
import { ADMIN_DECIDER } from './payments.ts';

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
};

/** Who reads the timeline: the admin sees which admin decided; an investor sees 'Admin'. */
export type HistoryViewer = { kind: 'admin' } | { kind: 'investor'; userId: string };

// The admin's username is half of the admin credentials: investors never see it.
const toActor = (row: PaymentHistoryView, viewer: HistoryViewer): string | null => {
  if (row.actor_kind === 'admin') return viewer.kind === 'admin' ? row.actor_id : ADMIN_DECIDER;
  if (row.actor_kind === 'user') return row.user_name ?? row.user_email ?? 'Investor';
  return row.actor_id;
};

export const toPaymentHistoryEntry = (row: PaymentHistoryView, viewer: HistoryViewer): PaymentHistoryEntry => ({
  type: row.type,
  at: row.at.toISOString(),
  actor: toActor(row, viewer),
  notes: row.notes,
});
