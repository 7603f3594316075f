// The project's allocation (DESIGN 9) as the admin sees it: acres approved and the
// distinct investors with an approved payment (partners), against 200 acres and 10 slots.
// The allocation stream guarantees the limits; this only reports what it approved, by the
// domain's own fold (allocation-fold.ts) over the row and its partners.
//
// Idempotency: partners are rows keyed by user id (a replay inserts nothing); the sums
// keep the high-water mark of the last approval counted, as admin_counters does, so a
// replayed approval at or below the mark adds nothing.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { ALLOCATION_EVENTS, EMPTY_TALLY, tallyDecisions, toAllocationEvent, type AllocationTally } from './allocation-fold.ts';
import { ALLOCATION } from './allocation.ts';
import { mapEvents, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

export const createAllocationProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, ALLOCATION, ALLOCATION.partnersTable);
  const [tableName, partnersName] = tables;
  const table = quoteIdentifier(tableName);
  const partners = quoteIdentifier(partnersName);
  const readSql = `
    SELECT (SELECT acres_approved FROM ${table} WHERE id) AS acres_approved,
           (SELECT last_position::text FROM ${table} WHERE id) AS last_position,
           ARRAY(SELECT user_id::text FROM ${partners}) AS partners`;
  const addPartnersSql = `
    INSERT INTO ${partners} (user_id, first_approved_at, global_position)
    SELECT DISTINCT ON (user_id) user_id, at, position
      FROM unnest($1::uuid[], $2::timestamptz[], $3::bigint[]) AS e(user_id, at, position)
     ORDER BY user_id, position
    ON CONFLICT (user_id) DO NOTHING`;
  const writeSql = `
    INSERT INTO ${table} AS a (id, acres_approved, approved_payments, partners, last_position, updated_at)
    VALUES (true, $1, $2, $3, $4, now())
    ON CONFLICT (id) DO UPDATE SET
      acres_approved = excluded.acres_approved,
      approved_payments = a.approved_payments + excluded.approved_payments,
      partners = excluded.partners,
      last_position = excluded.last_position,
      updated_at = excluded.updated_at`;

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const approvals = mapEvents(events, (event) => ({ position: event.globalPosition, decision: toAllocationEvent(event) }));
    if (approvals.length === 0) return;
    const { rows } = await client.query<{ acres_approved: number | null; last_position: string | null; partners: string[] }>(
      readSql,
    );
    const row = rows[0];
    const mark = BigInt(row?.last_position ?? '0');
    const counted = approvals.filter((approval) => approval.position > mark);
    const last = counted.at(-1);
    if (last) {
      const before: AllocationTally = {
        ...EMPTY_TALLY,
        acresApproved: row?.acres_approved ?? 0,
        partners: new Set(row?.partners ?? []),
      };
      const after = tallyDecisions(
        before,
        counted.map((approval) => approval.decision),
      );
      await client.query(writeSql, [after.acresApproved, counted.length, after.partners.size, last.position.toString()]);
    }
    await client.query(addPartnersSql, [
      approvals.map((approval) => approval.decision.data.userId),
      approvals.map((approval) => approval.decision.data.decidedAt),
      approvals.map((approval) => approval.position.toString()),
    ]);
  };

  return defineProjection({
    name,
    handles: ALLOCATION_EVENTS,
    tables,
    applyBatch,
  });
};
