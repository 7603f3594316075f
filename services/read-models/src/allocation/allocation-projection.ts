// The project's allocation (DESIGN 9) as the admin sees it: acres approved and the
// distinct investors with an approved payment (partners), against 200 acres and 10 slots.
// The allocation stream guarantees the limits; this only reports what it approved.
//
// Idempotency: partners are rows keyed by user id (a replay inserts nothing); the sums
// keep the high-water mark of the last approval counted, as admin_counters does, so a
// replayed approval at or below the mark adds nothing.

import type { RecordedEvent } from '@acres/eventstore/port';
import { ALLOCATION_EVENTS, toApproval } from './allocation-fold.ts';
import type { PoolClient } from '@acres/platform/db';
import { ALLOCATION } from './allocation.ts';
import { mapEvents, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';

export const createAllocationProjection = (
  options: { name?: string; table?: string; partnersTable?: string } = {},
): Projection => {
  const tableName = options.table ?? ALLOCATION.table;
  const partnersName = options.partnersTable ?? ALLOCATION.partnersTable;
  const table = quoteIdentifier(tableName);
  const partners = quoteIdentifier(partnersName);
  // One round trip per batch. The main statement sees the snapshot from before the
  // CTE's insert, so the partner count is the rows already there plus those just added.
  const applySql = `
    WITH e AS (
      SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::bigint[]) AS e(user_id, acres, at, position)
    ), added AS (
      INSERT INTO ${partners} (user_id, first_approved_at, global_position)
      SELECT DISTINCT ON (user_id) user_id, at, position FROM e ORDER BY user_id, position
      ON CONFLICT (user_id) DO NOTHING
      RETURNING user_id
    ), n AS (
      SELECT sum(e.acres) AS acres, count(*) AS approved, max(e.position) AS max_position
        FROM e
       WHERE e.position > COALESCE((SELECT last_position FROM ${table} WHERE id), 0)
    )
    INSERT INTO ${table} AS a (id, acres_approved, approved_payments, partners, last_position, updated_at)
    SELECT true, n.acres, n.approved, (SELECT count(*) FROM ${partners}) + (SELECT count(*) FROM added), n.max_position, now()
      FROM n
     WHERE n.max_position IS NOT NULL
    ON CONFLICT (id) DO UPDATE SET
      acres_approved = a.acres_approved + excluded.acres_approved,
      approved_payments = a.approved_payments + excluded.approved_payments,
      partners = excluded.partners,
      last_position = excluded.last_position,
      updated_at = excluded.updated_at`;

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const approvals = mapEvents(events, toApproval);
    if (approvals.length === 0) return;
    await client.query(applySql, [
      approvals.map((approval) => approval.userId),
      approvals.map((approval) => approval.acres),
      approvals.map((approval) => approval.at),
      approvals.map((approval) => approval.position),
    ]);
  };

  return {
    name: options.name ?? ALLOCATION.name,
    handles: ALLOCATION_EVENTS,
    tables: [tableName, partnersName],
    apply: (client, event) => applyBatch(client, [event]),
    applyBatch,
  };
};
