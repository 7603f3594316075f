// The admin's Audit log (issue 12): one row per event that records an admin action or a state
// change (the projector's projections/audit/audit-log), read as the contract's AuditEntry.

import type { AuditActorKind, AuditEntry, AuditKind, AuditSubjectType } from '@acres/contracts/audit-log';
import type { SettingsChange } from '@acres/contracts/settings-reads';
import { defineReadModel, type Position, type SqlTypes } from '../shared/read-model.ts';

export const AUDIT_LOG = defineReadModel('audit-log', 'audit_log', '1700000000016_audit-log.sql');

export type AuditLogRow = {
  /** The event's global position: the key (a replayed event is a no-op) and the log's order. */
  global_position: Position;
  occurred_at: Date;
  kind: AuditKind;
  actor_kind: AuditActorKind;
  actor_id: string | null;
  subject_type: AuditSubjectType;
  subject_id: string;
  summary: string;
  notes: string | null;
  /** Old → new values as JSON text (SettingsChange[]), for the events that carry them. */
  changes: string | null;
};

export const AUDIT_LOG_COLUMNS = {
  global_position: 'bigint',
  occurred_at: 'timestamptz',
  kind: 'text',
  actor_kind: 'text',
  actor_id: 'text',
  subject_type: 'text',
  subject_id: 'text',
  summary: 'text',
  notes: 'text',
  changes: 'text',
} as const satisfies SqlTypes<AuditLogRow>;

export const toAuditEntry = (row: AuditLogRow): AuditEntry => ({
  position: row.global_position,
  occurredAt: row.occurred_at.toISOString(),
  kind: row.kind,
  actorKind: row.actor_kind,
  actorId: row.actor_id,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  summary: row.summary,
  notes: row.notes,
  changes: row.changes === null ? null : (JSON.parse(row.changes) as SettingsChange[]),
});
