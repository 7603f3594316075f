// SPEC 3 subscriptions (the full application), from ApplicationSubmitted, decided by
// ApplicationApproved or ApplicationRejected (the table and its row: @acres/read-models/applications).
//
// Idempotency: the submission is inserted ON CONFLICT (id) DO NOTHING and a decision only
// moves a pending row, so a replayed event changes nothing and the first decision stands
// (the application's stream decides it once anyway).

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { SUBSCRIPTION_COLUMNS, SUBSCRIPTION_ROW, SUBSCRIPTIONS, type SubscriptionRow } from './subscriptions.ts';
import { omitColumns, type RowToWrite } from '../shared/read-model.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { createdByUserOf, mapEvents, ofKind, parseEventData, type Projection } from '../shared/projection/projection.ts';
import { createDecidePending } from '../shared/projection/decide-pending.ts';
import { eraseSubscriptionRows } from '../shared/projection/erasers.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

// Columns verification and the admin's decision (later events) fill; a submission leaves them null.
const FILLED_LATER = [
  'realtor_code',
  'amount_verified',
  'escrow_receipt_no',
  'decision_notes',
  'decided_at',
  'decided_by',
] as const;
const INSERTED = omitColumns(SUBSCRIPTION_COLUMNS, FILLED_LATER);
type SubmittedRow = RowToWrite<Omit<SubscriptionRow, (typeof FILLED_LATER)[number]>>;

type Decision = {
  id: string;
  status: 'approved' | 'rejected';
  amountVerified: number | null;
  receipt: string | null;
  notes: string | null;
  decidedBy: string;
  decidedAt: string;
  position: string;
};

/** Empty notes are no notes: the screens show nothing rather than a blank line. */
const toNotes = (notes: string) => (notes.trim() === '' ? null : notes);

type Parsed = { kind: 'submitted'; row: SubmittedRow } | { kind: 'decided'; decision: Decision };

const parse = (event: RecordedEvent): Parsed => {
  if (event.type === 'ApplicationApproved' || event.type === 'ApplicationRejected') {
    const data = parseEventData(event.type, event);
    return {
      kind: 'decided',
      decision: {
        id: data.applicationId,
        status: event.type === 'ApplicationApproved' ? 'approved' : 'rejected',
        amountVerified: data.amountVerified,
        receipt: data.escrowReceiptNumber,
        notes: toNotes(data.notes),
        decidedBy: data.decidedBy,
        decidedAt: data.decidedAt,
        position: event.globalPosition.toString(),
      },
    };
  }
  return { kind: 'submitted', row: toRow(event) };
};

// The event names the id and the time its own way; every other field of the application
// has the same name from the form to the column. SPEC 4: a subscription starts as pending;
// later events (verification, the decision) fill the rest.
const toRow = (event: RecordedEvent): SubmittedRow => {
  const data = parseEventData('ApplicationSubmitted', event);
  return {
    ...SUBSCRIPTION_ROW.toRow({
      ...data,
      id: data.applicationId,
      status: 'pending',
      realtorCode: null,
      amountVerified: null,
      escrowReceiptNo: null,
      decisionNotes: null,
      decidedAt: null,
      decidedBy: null,
      createdAt: data.submittedAt,
      updatedAt: data.submittedAt,
    }),
    created_by_user_id: createdByUserOf(event),
    global_position: event.globalPosition.toString(),
  };
};

export const createSubscriptionsProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, SUBSCRIPTIONS);
  const [table] = tables;
  // The conflict target is the id only: a replay is a no-op, while a second application
  // with the same email or application number (an invariant broken upstream) fails loudly.
  const insertRows = createBulkInsert({ table, columns: INSERTED, key: 'id' });
  const decide = createDecidePending<Decision>({
    table,
    fields: {
      status: 'text',
      amountVerified: 'bigint',
      receipt: 'text',
      notes: 'text',
      decidedBy: 'text',
      decidedAt: 'timestamptz',
      position: 'bigint',
    },
    set: `status = d.status, amount_verified = d.amount_verified, escrow_receipt_no = d.receipt,
          decision_notes = d.notes, decided_by = d.decided_by, decided_at = d.decided_at,
          updated_at = d.decided_at, global_position = d.position`,
    unknownRow: 'an application that was never submitted',
  });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const parsed = mapEvents(events, parse);
    // Submissions first: a decision always follows its submission in the log.
    await insertRows(
      client,
      ofKind(parsed, 'submitted').map((item) => item.row),
    );
    const decisions = ofKind(parsed, 'decided').map((item) => item.decision);
    await decide(client, decisions);
  };

  return defineProjection({
    name,
    handles: ['ApplicationSubmitted', 'ApplicationApproved', 'ApplicationRejected'],
    tables,
    applyBatch,
    erase: eraseSubscriptionRows(table),
  });
};
