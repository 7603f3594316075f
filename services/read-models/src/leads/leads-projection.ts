// SPEC 3 leads, from SlotReserved (the table and its row: leads.ts).

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { LEAD_COLUMNS, LEAD_ROW, LEADS, type LeadRow } from './leads.ts';
import type { RowToWrite } from '../shared/read-model.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { createdByUserOf, mapEvents, parseEventData, type Projection } from '../shared/projection/projection.ts';
import { eraseLeadRows } from '../shared/projection/erasers.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

// The event names two fields its own way (leadId, reservedAt); every other field of the
// Lead has the same name from the form to the column.
const toRow = (event: RecordedEvent): RowToWrite<LeadRow> => {
  const data = parseEventData('SlotReserved', event);
  return {
    ...LEAD_ROW.toRow({ ...data, id: data.leadId, createdAt: data.reservedAt }),
    phone: data.phone,
    created_by_user_id: createdByUserOf(event),
    global_position: event.globalPosition.toString(),
  };
};

export const createLeadsProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, LEADS);
  const [table] = tables;
  const insertRows = createBulkInsert({ table, columns: LEAD_COLUMNS, key: 'id' });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    await insertRows(client, mapEvents(events, toRow));
  };

  return defineProjection({
    name,
    handles: ['SlotReserved'],
    tables,
    applyBatch,
    erase: eraseLeadRows(table),
  });
};
