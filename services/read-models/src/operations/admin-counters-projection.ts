// The admin dashboard's counters (SPEC 2 Admin): one row read in one lookup.
//
// Idempotency: a counter cannot be made idempotent by ON CONFLICT, so the row keeps the
// global position of the last event it counted (last_position) and counts only events
// past it. The projector applies events in strictly increasing global position, so a
// replayed event (checkpoint reset, retried batch) is at or below the mark and changes
// nothing, while the row stays O(1) in size. This projection owns the whole table, the
// payment counters included, under the same mark.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { ADMIN_COUNTERS } from './admin-counters.ts';
import { mapEvents, parseEventData, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

const COUNTED = {
  SlotReserved: (event: RecordedEvent) => parseEventData('SlotReserved', event),
  ApplicationSubmitted: (event: RecordedEvent) => parseEventData('ApplicationSubmitted', event),
  PaymentProofSubmitted: (event: RecordedEvent) => parseEventData('PaymentProofSubmitted', event),
  PaymentApproved: (event: RecordedEvent) => parseEventData('PaymentApproved', event),
  PaymentRejected: (event: RecordedEvent) => parseEventData('PaymentRejected', event),
} as const;
type CountedType = keyof typeof COUNTED;
const isCounted = (type: string): type is CountedType => Object.hasOwn(COUNTED, type);

export const createAdminCountersProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, ADMIN_COUNTERS);
  const [tableName] = tables;
  const table = quoteIdentifier(tableName);
  // A payment is pending from its submission until its decision: each submission adds
  // one pending approval and each decision (approved or rejected) takes one away.
  const upsertSql = `
    INSERT INTO ${table} AS c (id, total_leads, total_applications, total_payments, pending_approvals, approved_payments,
                               last_position, updated_at)
    SELECT true, n.leads, n.applications, n.payments, n.payments - n.decided, n.approved, n.max_position, now()
    FROM (
      SELECT count(*) FILTER (WHERE e.type = 'SlotReserved') AS leads,
             count(*) FILTER (WHERE e.type = 'ApplicationSubmitted') AS applications,
             count(*) FILTER (WHERE e.type = 'PaymentProofSubmitted') AS payments,
             count(*) FILTER (WHERE e.type IN ('PaymentApproved', 'PaymentRejected')) AS decided,
             count(*) FILTER (WHERE e.type = 'PaymentApproved') AS approved,
             max(e.position) AS max_position
      FROM unnest($1::bigint[], $2::text[]) AS e(position, type)
      WHERE e.position > COALESCE((SELECT last_position FROM ${table} WHERE id), 0)
    ) AS n
    WHERE n.max_position IS NOT NULL
    ON CONFLICT (id) DO UPDATE SET
      total_leads = c.total_leads + excluded.total_leads,
      total_applications = c.total_applications + excluded.total_applications,
      total_payments = c.total_payments + excluded.total_payments,
      pending_approvals = c.pending_approvals + excluded.pending_approvals,
      approved_payments = c.approved_payments + excluded.approved_payments,
      last_position = excluded.last_position,
      updated_at = excluded.updated_at`;

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    // Validate like the row projections do, so one bad event stops the counters too
    // instead of being counted while its lead is missing.
    const counted = mapEvents(events, (event) => {
      if (!isCounted(event.type)) throw new Error(`admin-counters does not handle ${event.type}`);
      COUNTED[event.type](event);
      return event;
    });
    if (counted.length === 0) return;
    await client.query(upsertSql, [counted.map((event) => event.globalPosition.toString()), counted.map((event) => event.type)]);
  };

  return defineProjection({
    name,
    handles: Object.keys(COUNTED),
    tables,
    applyBatch,
  });
};
