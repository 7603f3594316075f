// SPEC 3 payments: a pending row per PaymentProofSubmitted, decided by PaymentApproved or
// PaymentRejected from the allocation stream (the table and its row: @acres/read-models/payments).
//
// Idempotency: the submission is inserted ON CONFLICT (id) DO NOTHING, and a decision
// only moves a pending row, so a replayed event changes nothing and the first decision
// in the log stands (the allocation stream decides each payment once anyway).

import { computeAmountCheck } from '@acres/contracts/payment';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { PAYMENT_COLUMNS, PAYMENTS, type PaymentRow } from '@acres/read-models/payments';
import { omitColumns, type RowToWrite } from '@acres/read-models/read-model';
import { createBulkInsert } from '../bulk-insert.ts';
import { firstDecisionPerId, mapEvents, parseEventData, quoteIdentifier, type Projection } from '../projection.ts';

// Columns the decision fills; a submission leaves them null.
const FILLED_LATER = ['admin_notes', 'approved_by', 'processed_at'] as const;
const INSERTED = omitColumns(PAYMENT_COLUMNS, FILLED_LATER);
type SubmittedRow = RowToWrite<Omit<PaymentRow, (typeof FILLED_LATER)[number]>>;

type Decision = {
  id: string;
  status: 'approved' | 'rejected';
  adminNotes: string | null;
  decidedBy: string;
  decidedAt: string;
  position: string;
};

type Parsed = { kind: 'submitted'; row: SubmittedRow } | { kind: 'decided'; decision: Decision };

/** Empty admin notes are no notes: the screens show null, not a blank line. */
export const toNotes = (notes: string) => (notes.trim() === '' ? null : notes);

const parse = (event: RecordedEvent): Parsed => {
  if (event.type === 'PaymentProofSubmitted') {
    const data = parseEventData('PaymentProofSubmitted', event);
    // Version 1 events predate the stored price check: the same computation the command makes.
    const check =
      data.expectedAmount === undefined || data.amountDifference === undefined
        ? computeAmountCheck(data.acres, data.amount)
        : { expectedAmount: data.expectedAmount, amountDifference: data.amountDifference };
    return {
      kind: 'submitted',
      row: {
        id: data.paymentId,
        user_id: data.userId,
        lead_id: data.leadId ?? null,
        amount: data.amount,
        acres: data.acres,
        proof_image_path: data.proofImagePath,
        status: 'pending',
        submitted_at: data.submittedAt,
        expected_amount: check.expectedAmount,
        amount_difference: check.amountDifference,
        global_position: event.globalPosition.toString(),
      },
    };
  }
  if (event.type === 'PaymentApproved' || event.type === 'PaymentRejected') {
    const data = parseEventData(event.type, event);
    return {
      kind: 'decided',
      decision: {
        id: data.paymentId,
        status: event.type === 'PaymentApproved' ? 'approved' : 'rejected',
        adminNotes: toNotes(data.adminNotes),
        decidedBy: data.decidedBy,
        decidedAt: data.decidedAt,
        position: event.globalPosition.toString(),
      },
    };
  }
  throw new Error(`payments does not handle ${event.type}`);
};

export const createPaymentsProjection = (options: { name?: string; table?: string } = {}): Projection => {
  const tableName = options.table ?? PAYMENTS.table;
  const table = quoteIdentifier(tableName);
  const insertRows = createBulkInsert({ table: tableName, columns: INSERTED, key: 'id' });
  // One statement for every decision of a batch; it answers the decisions whose payment
  // does not exist, which the log's order rules out (a payment is submitted, and read
  // back by the command, before it is decided): that is a broken log, so it stops the
  // projection loudly rather than dropping the decision.
  const decideSql = `
    WITH d AS (
      SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::bigint[])
        AS d(id, status, admin_notes, decided_by, decided_at, position)
    ), updated AS (
      UPDATE ${table} AS p
         SET status = d.status, admin_notes = d.admin_notes, approved_by = d.decided_by,
             processed_at = d.decided_at, global_position = d.position
        FROM d
       WHERE p.id = d.id AND p.status = 'pending'
      RETURNING p.id
    )
    SELECT d.id::text AS id FROM d WHERE NOT EXISTS (SELECT 1 FROM ${table} AS p WHERE p.id = d.id)`;

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const parsed = mapEvents(events, parse);
    // Submissions first: a decision always follows its submission in the log, so
    // this order gives the same rows as applying the events one by one.
    await insertRows(
      client,
      parsed.flatMap((item) => (item.kind === 'submitted' ? [item.row] : [])),
    );
    const list = firstDecisionPerId(parsed.flatMap((item) => (item.kind === 'decided' ? [item.decision] : [])));
    if (list.length === 0) return;
    const { rows } = await client.query<{ id: string }>(decideSql, [
      list.map((d) => d.id),
      list.map((d) => d.status),
      list.map((d) => d.adminNotes),
      list.map((d) => d.decidedBy),
      list.map((d) => d.decidedAt),
      list.map((d) => d.position),
    ]);
    if (rows.length > 0)
      throw new Error(`a decision names a payment that was never submitted: ${rows.map((row) => row.id).join(', ')}`);
  };

  return {
    name: options.name ?? PAYMENTS.name,
    handles: ['PaymentProofSubmitted', 'PaymentApproved', 'PaymentRejected'],
    tables: [tableName],
    apply: (client, event) => applyBatch(client, [event]),
    applyBatch,
  };
};
