// The admin's Audit log (issue 12): each audited event becomes one row keyed by its global
// position, so a replay is a no-op and rows are only ever added (the mapping: audit-entry.ts;
// the table and its row: @acres/read-models/audit-log).

import { AUDIT_LOG, AUDIT_LOG_COLUMNS } from './audit-log.ts';
import { defineInsertOnlyProjection } from '../shared/projection/insert-only-projection.ts';
import type { Projection } from '../shared/projection/projection.ts';
import { eraseAuditRows } from '../shared/projection/erasers.ts';
import { AUDITED_EVENT_TYPES, toAuditRow } from './audit-entry.ts';
import type { ProjectionTarget } from '../shared/projection/define-projection.ts';

export const createAuditLogProjection = (target: ProjectionTarget = {}): Projection =>
  defineInsertOnlyProjection({
    model: AUDIT_LOG,
    target,
    handles: AUDITED_EVENT_TYPES,
    columns: AUDIT_LOG_COLUMNS,
    key: 'global_position',
    toRows: toAuditRow,
    erase: eraseAuditRows,
  });
