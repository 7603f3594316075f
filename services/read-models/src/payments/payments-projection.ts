// SPEC 3 payments: a pending row per PaymentProofSubmitted, decided by PaymentApproved or
// PaymentRejected from the allocation stream (the table and its row: @acres/read-models/payments).
// The user events keep the investor's name and email on their payments, for the audit's search.
//
// Idempotency: the submission is inserted ON CONFLICT (id) DO NOTHING, and a decision
// only moves a pending row, so a replayed event changes nothing and the first decision
// in the log stands (the allocation stream decides each payment once anyway).

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { PAYMENT_COLUMNS, PAYMENTS } from './payments.ts';
import { PAYMENT_EVENTS, PAYMENT_FILLED_LATER, parsePaymentEvent, toNotes, type InvestorChange } from './payment-fold.ts';
import { omitColumns } from '../shared/read-model.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { firstDecisionPerId, mapEvents, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { erasePaymentRows } from '../shared/projection/erasers.ts';
import {
  defineProjection,
  toColumnArrays,
  resolveTarget,
  type ProjectionTarget,
} from '../shared/projection/define-projection.ts';

const INSERTED = omitColumns(PAYMENT_COLUMNS, PAYMENT_FILLED_LATER);

// The event mapping is shared with the query side's as-of fold (@acres/read-models/payment-fold).
export { toNotes };
const parse = parsePaymentEvent;

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
    const list = firstDecisionPerId(parsed.flatMap((item) => (item.kind === 'decided' ? [item.decision] : [])));
    if (list.length === 0) return;
    const { rows } = await client.query<{ id: string }>(
      decideSql,
      toColumnArrays(list, ['id', 'status', 'adminNotes', 'decidedBy', 'decidedAt', 'position']),
    );
    if (rows.length > 0)
      throw new Error(`a decision names a payment that was never submitted: ${rows.map((row) => row.id).join(', ')}`);
  };

  return defineProjection({
    name,
    handles: PAYMENT_EVENTS,
    tables,
    applyBatch,
    erase: erasePaymentRows({ payments: tableName, investors: investorsName }),
  });
};
