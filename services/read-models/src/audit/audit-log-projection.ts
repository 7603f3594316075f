// The admin's Audit log (issue 12): each audited event becomes one row keyed by its global
// position, so a replay is a no-op and rows are only ever added (the mapping: audit-entry.ts;
// the table and its row: @acres/read-models/audit-log).

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { AUDIT_LOG, AUDIT_LOG_COLUMNS } from './audit-log.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { mapEvents, type Projection } from '../shared/projection/projection.ts';
import { eraseAuditRows } from '../shared/projection/erasers.ts';
import { AUDITED_EVENT_TYPES, toAuditRow, type AuditRow } from './audit-entry.ts';
import { defineProjection } from '../shared/projection/define-projection.ts';

const toRows = (event: RecordedEvent): AuditRow[] => {
  const row = toAuditRow(event);
  return row ? [row] : [];
};

export const createAuditLogProjection = (options: { name?: string; table?: string } = {}): Projection => {
  const tableName = options.table ?? AUDIT_LOG.table;
  const insertRows = createBulkInsert({ table: tableName, columns: AUDIT_LOG_COLUMNS, key: 'global_position' });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    await insertRows(client, mapEvents(events, toRows).flat());
  };

  return defineProjection({
    name: options.name ?? AUDIT_LOG.name,
    handles: AUDITED_EVENT_TYPES,
    tables: [tableName],
    applyBatch,
    erase: eraseAuditRows(tableName),
  });
};
