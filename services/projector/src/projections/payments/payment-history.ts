// A payment's audit timeline (DESIGN 5): one row per event of the payment — submitted
// by its investor, then approved or rejected by the admin, with when and the notes.
// Rows are only ever added, and the event's global position is part of the key, so a
// replayed event is a no-op and nothing can rewrite an entry.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { mapEvents, parseEventData, quoteIdentifier, type Projection } from '../projection.ts';
import { toNotes } from './payments.ts';

export const PAYMENT_HISTORY_TABLE = 'payment_history';
export const PAYMENT_HISTORY_PROJECTION = 'payment-history';

type HistoryRow = {
  paymentId: string;
  position: string;
  userId: string;
  type: 'submitted' | 'approved' | 'rejected';
  at: string;
  actorKind: 'user' | 'admin';
  actorId: string;
  notes: string | null;
};

// The actor comes from the validated event data rather than the metadata: the
// submitter is the payment's owner, the decider is the decision's decidedBy.
const toRow = (event: RecordedEvent): HistoryRow => {
  const position = event.globalPosition.toString();
  if (event.type === 'PaymentProofSubmitted') {
    const data = parseEventData('PaymentProofSubmitted', event);
    return { paymentId: data.paymentId, position, userId: data.userId, type: 'submitted', at: data.submittedAt, actorKind: 'user', actorId: data.userId, notes: null };
  }
  if (event.type === 'PaymentApproved' || event.type === 'PaymentRejected') {
    const data = parseEventData(event.type, event);
    return {
      paymentId: data.paymentId,
      position,
      userId: data.userId,
      type: event.type === 'PaymentApproved' ? 'approved' : 'rejected',
      at: data.decidedAt,
      actorKind: 'admin',
      actorId: data.decidedBy,
      notes: toNotes(data.adminNotes),
    };
  }
  throw new Error(`payment-history does not handle ${event.type}`);
};

export const createPaymentHistoryProjection = (options: { name?: string; table?: string } = {}): Projection => {
  const tableName = options.table ?? PAYMENT_HISTORY_TABLE;
  const insertSql = `
    INSERT INTO ${quoteIdentifier(tableName)} (payment_id, global_position, user_id, type, at, actor_kind, actor_id, notes)
    SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::uuid[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::text[])
    ON CONFLICT (payment_id, global_position) DO NOTHING`;

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const rows = mapEvents(events, toRow);
    if (rows.length === 0) return;
    await client.query(insertSql, [
      rows.map((row) => row.paymentId),
      rows.map((row) => row.position),
      rows.map((row) => row.userId),
      rows.map((row) => row.type),
      rows.map((row) => row.at),
      rows.map((row) => row.actorKind),
      rows.map((row) => row.actorId),
      rows.map((row) => row.notes),
    ]);
  };

  return {
    name: options.name ?? PAYMENT_HISTORY_PROJECTION,
    handles: ['PaymentProofSubmitted', 'PaymentApproved', 'PaymentRejected'],
    tables: [tableName],
    apply: (client, event) => applyBatch(client, [event]),
    applyBatch,
  };
};
