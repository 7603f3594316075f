// A payment's audit timeline (DESIGN 5): one row per event of the payment — submitted
// by its investor, then approved or rejected by the admin, with when and the notes.
// Rows are only ever added, and the event's global position is part of the key, so a
// replayed event is a no-op and nothing can rewrite an entry (the table and its row:
// @acres/read-models/payment-history).

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { PAYMENT_HISTORY, PAYMENT_HISTORY_COLUMNS, type PaymentHistoryRow } from './payment-history.ts';
import type { RowToWrite } from '../shared/read-model.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { mapEvents, parseEventData, type Projection } from '../shared/projection/projection.ts';
import { toNotes } from './payments-projection.ts';
import { erasePaymentHistoryRows } from '../shared/projection/erasers.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

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

export const createPaymentHistoryProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, PAYMENT_HISTORY);
  const [tableName] = tables;
  const insertRows = createBulkInsert({
    table: tableName,
    columns: PAYMENT_HISTORY_COLUMNS,
    key: ['payment_id', 'global_position'],
  });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    await insertRows(client, mapEvents(events, toRow));
  };

  return defineProjection({
    name,
    handles: ['PaymentProofSubmitted', 'PaymentApproved', 'PaymentRejected'],
    tables,
    applyBatch,
    erase: erasePaymentHistoryRows(tableName),
  });
};
