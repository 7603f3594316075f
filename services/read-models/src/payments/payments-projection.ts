// SPEC 3 payments, from the events to the rows (the table, its row and its queries:
// payments.ts). The rules are data (parsePaymentEvent): the projection writes them in SQL,
// and foldPayments applies the same rules in memory for an investor's payments as of a log
// position. The user events keep the investor's name and email on their payments, for the
// audit's search.
//
// Idempotency: the submission is inserted ON CONFLICT (id) DO NOTHING, and a decision
// only moves a pending row, so a replayed event changes nothing and the first decision
// in the log stands (the allocation stream decides each payment once anyway).

import { resolveAmountCheck } from '@acres/contracts/payment';
import { type LoggedEvent, parseEventData } from '../shared/event-data.ts';
import { omitColumns, type RowToWrite } from '../shared/read-model.ts';
import { PAYMENT_COLUMNS, PAYMENT_ROW, type PaymentRow, PAYMENTS, type PaymentView } from './payments.ts';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { mapEvents, type Projection, quoteIdentifier } from '../shared/projection/projection.ts';
import { createDecidePending } from '../shared/projection/decide-pending.ts';
import { erasePaymentRows } from '../shared/projection/erasers.ts';
import {
  defineProjection,
  type ProjectionTarget,
  resolveTarget,
  toColumnArrays,
} from '../shared/projection/define-projection.ts';

export const PAYMENT_EVENTS = [
  'UserRegistered',
  'UserProfileUpdated',
  'PaymentProofSubmitted',
  'PaymentApproved',
  'PaymentRejected',
] as const;

/** Columns the decision fills, and the investor's; a submission leaves them null. */
export const PAYMENT_FILLED_LATER = ['admin_notes', 'approved_by', 'processed_at', 'investor_name', 'investor_email'] as const;
export type SubmittedPaymentRow = RowToWrite<Omit<PaymentRow, (typeof PAYMENT_FILLED_LATER)[number]>>;

export type PaymentDecision = {
  id: string;
  status: 'approved' | 'rejected';
  adminNotes: string | null;
  decidedBy: string;
  decidedAt: string;
  position: string;
};

/** What a user event says of an investor; a null email is "unchanged" (UserProfileUpdated without one). */
export type InvestorChange = { userId: string; name: string | null; email: string | null; position: string };

export type ParsedPaymentEvent =
  | { kind: 'submitted'; row: SubmittedPaymentRow }
  | { kind: 'decided'; decision: PaymentDecision }
  | { kind: 'investor'; change: InvestorChange };

const nameOf = (firstName: string | null, lastName: string | null) =>
  [firstName, lastName].filter((part) => part?.trim()).join(' ') || null;

/** Empty admin notes are no notes: the screens show null, not a blank line. */
export const toNotes = (notes: string) => (notes.trim() === '' ? null : notes);

const parseSubmission = (event: LoggedEvent): SubmittedPaymentRow => {
  const data = parseEventData('PaymentProofSubmitted', event);
  // The event names the id its own way; a version 1 event predates the stored price check.
  return {
    ...PAYMENT_ROW.toRow({
      ...data,
      ...resolveAmountCheck(data),
      id: data.paymentId,
      leadId: data.leadId ?? null,
      status: 'pending',
      adminNotes: null,
      approvedBy: null,
      processedAt: null,
    }),
    global_position: event.globalPosition.toString(),
  };
};

export const parsePaymentEvent = (event: LoggedEvent): ParsedPaymentEvent => {
  if (event.type === 'PaymentProofSubmitted') return { kind: 'submitted', row: parseSubmission(event) };
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
  if (event.type === 'UserRegistered' || event.type === 'UserProfileUpdated') {
    const data = parseEventData(event.type, event);
    const change = {
      userId: data.userId,
      name: nameOf(data.firstName, data.lastName),
      email: data.email ?? null,
      position: event.globalPosition.toString(),
    };
    return { kind: 'investor', change };
  }
  throw new Error(`payments does not handle ${event.type}`);
};

const toView = ({ global_position: _position, ...row }: SubmittedPaymentRow): PaymentView => ({
  ...row,
  admin_notes: null,
  approved_by: null,
  submitted_at: new Date(row.submitted_at),
  processed_at: null,
});

/**
 * The payments the events make, in log order, newest first (as the investor's list):
 * a submission is kept once, and a decision moves a pending payment only, so the first
 * decision in the log stands, as in the projection.
 */
export const foldPayments = (events: readonly LoggedEvent[]): PaymentView[] => {
  const rows = new Map<string, PaymentView>();
  for (const event of events) {
    const parsed = parsePaymentEvent(event);
    if (parsed.kind === 'submitted') {
      if (!rows.has(parsed.row.id)) rows.set(parsed.row.id, toView(parsed.row));
    } else if (parsed.kind === 'decided') {
      const row = rows.get(parsed.decision.id);
      if (row?.status !== 'pending') continue;
      const { decision } = parsed;
      rows.set(decision.id, {
        ...row,
        status: decision.status,
        admin_notes: decision.adminNotes,
        approved_by: decision.decidedBy,
        processed_at: new Date(decision.decidedAt),
      });
    }
  }
  return [...rows.values()].sort(
    (a, b) => b.submitted_at.getTime() - a.submitted_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
};

const INSERTED = omitColumns(PAYMENT_COLUMNS, PAYMENT_FILLED_LATER);

/** One change per investor, the batch's last (its email the last one given), as the events one by one would leave it. */
const latestPerInvestor = (changes: readonly InvestorChange[]) => {
  const latest = new Map<string, InvestorChange>();
  for (const change of changes) {
    const before = latest.get(change.userId);
    latest.set(change.userId, { ...change, email: change.email ?? before?.email ?? null });
  }
  return [...latest.values()];
};

export const createPaymentsProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, PAYMENTS, PAYMENTS.investorsTable);
  const [tableName, investorsName] = tables;
  const table = quoteIdentifier(tableName);
  const investors = quoteIdentifier(investorsName);
  // An older event replayed (position guard) changes nothing; a null email keeps the one known.
  const investorsSql = `
    WITH c AS (
      SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[]) AS c(user_id, name, email, position)
    ), changed AS (
      INSERT INTO ${investors} AS i (user_id, name, email, global_position)
      SELECT user_id, name, email, position FROM c
      ON CONFLICT (user_id) DO UPDATE
         SET name = excluded.name, email = COALESCE(excluded.email, i.email), global_position = excluded.global_position
       WHERE i.global_position < excluded.global_position
      RETURNING i.user_id, i.name, i.email
    )
    UPDATE ${table} AS p SET investor_name = changed.name, investor_email = changed.email
      FROM changed WHERE p.user_id = changed.user_id`;
  // New payments take their investor's name and email as the user events left them.
  const fillInvestorSql = `
    UPDATE ${table} AS p SET investor_name = i.name, investor_email = i.email
      FROM ${investors} AS i WHERE p.id = ANY($1::uuid[]) AND i.user_id = p.user_id`;
  const insertRows = createBulkInsert({ table: tableName, columns: INSERTED, key: 'id' });
  const decide = createDecidePending<PaymentDecision>({
    table: tableName,
    fields: { status: 'text', adminNotes: 'text', decidedBy: 'text', decidedAt: 'timestamptz', position: 'bigint' },
    set: `status = d.status, admin_notes = d.admin_notes, approved_by = d.decided_by,
          processed_at = d.decided_at, global_position = d.position`,
    unknownRow: 'a payment that was never submitted',
  });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const parsed = mapEvents(events, parsePaymentEvent);
    // Investors, then submissions, then decisions: a user is registered before they pay and a
    // payment submitted before it is decided, and a payment carries its investor's latest
    // name, so this order gives the same rows as applying the events one by one.
    const changes = latestPerInvestor(parsed.flatMap((item) => (item.kind === 'investor' ? [item.change] : [])));
    if (changes.length > 0) {
      await client.query(investorsSql, toColumnArrays(changes, ['userId', 'name', 'email', 'position']));
    }
    const submitted = parsed.flatMap((item) => (item.kind === 'submitted' ? [item.row] : []));
    await insertRows(client, submitted);
    if (submitted.length > 0) await client.query(fillInvestorSql, [submitted.map((row) => row.id)]);
    const decisions = parsed.flatMap((item) => (item.kind === 'decided' ? [item.decision] : []));
    await decide(client, decisions);
  };

  return defineProjection({
    name,
    handles: PAYMENT_EVENTS,
    tables,
    applyBatch,
    erase: erasePaymentRows({ payments: tableName, investors: investorsName }),
  });
};
