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
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

const toRows = (event: RecordedEvent): AuditRow[] => {
  const row = toAuditRow(event);
  return row ? [row] : [];
};

export const createAuditLogProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, AUDIT_LOG);
  const [tableName] = tables;
  const insertRows = createBulkInsert({ table: tableName, columns: AUDIT_LOG_COLUMNS, key: 'global_position' });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    await insertRows(client, mapEvents(events, toRows).flat());
  };

  return defineProjection({
    name,
    handles: AUDITED_EVENT_TYPES,
    tables,
    applyBatch,
    erase: eraseAuditRows(tableName),
  });
};
