// Payout batches (issue 12): one row per PayoutBatchCreated with the event's own total,
// paid once by PayoutBatchPaid (the table and its row: @acres/read-models/payout-batches).

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import type { RowToWrite } from '../shared/read-model.ts';
import { PAYOUT_BATCH_COLUMNS, PAYOUT_BATCHES, type PayoutBatchRow } from './payout-batches.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { mapEvents, ofKind, parseEventData, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

type Parsed =
  | { kind: 'created'; row: RowToWrite<PayoutBatchRow> }
  | { kind: 'paid'; batchId: string; transferReference: string; paidBy: string; paidAt: string; position: string };

const parse = (event: RecordedEvent): Parsed => {
  const position = event.globalPosition.toString();
  if (event.type === 'PayoutBatchCreated') {
    const data = parseEventData('PayoutBatchCreated', event);
    return {
      kind: 'created',
      row: {
        id: data.batchId,
        up_to: data.upTo,
        reference: data.reference,
        commissions: data.items.length,
        affiliates: new Set(data.items.map((item) => item.affiliateId)).size,
        total: data.total,
        status: 'created',
        created_by: data.createdBy,
        created_at: data.createdAt,
        transfer_reference: null,
        paid_by: null,
        paid_at: null,
        global_position: position,
      },
    };
  }
  if (event.type === 'PayoutBatchPaid') {
    const data = parseEventData('PayoutBatchPaid', event);
    return {
      kind: 'paid',
      batchId: data.batchId,
      transferReference: data.transferReference,
      paidBy: data.paidBy,
      paidAt: data.paidAt,
      position,
    };
  }
  throw new Error(`payout-batches does not handle ${event.type}`);
};

export const createPayoutBatchesProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, PAYOUT_BATCHES);
  const [tableName] = tables;
  const table = quoteIdentifier(tableName);
  const insertRows = createBulkInsert({ table: tableName, columns: PAYOUT_BATCH_COLUMNS, key: 'id' });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const parsed = mapEvents(events, parse);
    await insertRows(
      client,
      ofKind(parsed, 'created').map((item) => item.row),
    );
    for (const item of parsed) {
      if (item.kind !== 'paid') continue;
      const { rowCount } = await client.query(
        `UPDATE ${table} SET status = 'paid', transfer_reference = $2, paid_by = $3, paid_at = $4, global_position = $5
          WHERE id = $1 AND status = 'created'`,
        [item.batchId, item.transferReference, item.paidBy, item.paidAt, item.position],
      );
      if (rowCount === 0) {
        const { rows } = await client.query(`SELECT 1 FROM ${table} WHERE id = $1`, [item.batchId]);
        if (rows.length === 0) throw new Error(`a payout names a batch that was never created: ${item.batchId}`);
      }
    }
  };

  return defineProjection({
    name,
    handles: ['PayoutBatchCreated', 'PayoutBatchPaid'],
    tables,
    applyBatch,
  });
};
