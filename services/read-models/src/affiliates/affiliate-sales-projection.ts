// SPEC 3 affiliate_sales: a pending row per SaleReported, decided once by SaleVerified
// (with the rate and commission fixed at verification) or SaleRejected, all from the
// affiliate-{userId} stream, whose user becomes the row's affiliate_user_id.
//
// Idempotency: the report is inserted ON CONFLICT (id) DO NOTHING, and a decision only
// moves a pending row, so a replayed event changes nothing and the first decision in
// the log stands (the affiliate stream decides each sale once anyway). (The table and its
// row: @acres/read-models/affiliate-sales.)

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { AFFILIATE_SALE_COLUMNS, AFFILIATE_SALES } from './affiliate-sales.ts';
import { omitColumns } from '../shared/read-model.ts';
import { parseSaleEvent, SALE_EVENTS, SALE_FILLED_LATER, type SaleDecision } from './sale-fold.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { mapEvents, ofKind, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { createDecidePending } from '../shared/projection/decide-pending.ts';
import { applySalePayouts } from './sale-payouts.ts';
import { eraseSaleRows } from '../shared/projection/erasers.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

const INSERTED = omitColumns(AFFILIATE_SALE_COLUMNS, SALE_FILLED_LATER);

// The event mapping is shared with the query side's as-of fold (@acres/read-models/sale-fold).
const parse = parseSaleEvent;

export const createAffiliateSalesProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, AFFILIATE_SALES);
  const [tableName] = tables;
  const table = quoteIdentifier(tableName);
  const insertRows = createBulkInsert({ table: tableName, columns: INSERTED, key: 'id' });
  const decide = createDecidePending<SaleDecision>({
    table: tableName,
    fields: {
      status: 'text',
      notes: 'text',
      by: 'text',
      at: 'timestamptz',
      rateBps: 'int',
      commission: 'bigint',
      position: 'bigint',
    },
    set: `status = d.status,
          notes = d.notes,
          verified_at = CASE WHEN d.status = 'verified' THEN d.at END,
          verified_by = CASE WHEN d.status = 'verified' THEN d.by END,
          rejected_at = CASE WHEN d.status = 'rejected' THEN d.at END,
          rejected_by = CASE WHEN d.status = 'rejected' THEN d.by END,
          commission_rate_bps = d.rate_bps,
          computed_commission = d.commission,
          global_position = d.position`,
    unknownRow: 'a sale that was never reported',
  });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const parsed = mapEvents(events, parse);
    // Reports first: a decision always follows its report in the log, so this order
    // gives the same rows as applying the events one by one.
    await insertRows(
      client,
      ofKind(parsed, 'reported').map((item) => item.row),
    );
    const decisions = ofKind(parsed, 'decided').map((item) => item.decision);
    await decide(client, decisions);
    await applySalePayouts(
      client,
      table,
      ofKind(parsed, 'payout').map((item) => item.payout),
    );
  };

  return defineProjection({
    name,
    handles: SALE_EVENTS,
    tables,
    applyBatch,
    erase: eraseSaleRows(tableName),
  });
};
