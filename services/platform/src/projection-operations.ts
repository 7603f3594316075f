// A row of projection_operations (infra/migrations) as the admin's Operations tab shows it:
// one definition for the command side, which records a request and answers with its outcome,
// and the read side, which lists the recent ones. The projector claims and finishes them.

import type { ProjectionOperation } from '@acres/contracts/projection-operations';
import type { Queryable } from './db.ts';

export const PROJECTION_OPERATIONS_TABLE = 'projection_operations';

export type ProjectionOperationRow = {
  id: string;
  kind: ProjectionOperation['kind'];
  projection: string;
  status: ProjectionOperation['status'];
  requested_by: string;
  requested_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  position: string | null;
  reason: string | null;
  progress_done: string;
  progress_total: string | null;
  progress_fraction: number | null;
  message: string | null;
};

/** The columns of a ProjectionOperationRow, bigints as text. */
export const PROJECTION_OPERATION_COLUMNS = `id, kind, projection, status, requested_by, requested_at, started_at, finished_at,
  position::text AS position, reason, progress_done::text AS progress_done, progress_total::text AS progress_total,
  progress_fraction, message`;

export const toProjectionOperation = (row: ProjectionOperationRow): ProjectionOperation => ({
  id: row.id,
  kind: row.kind,
  projection: row.projection,
  status: row.status,
  requestedBy: row.requested_by,
  requestedAt: row.requested_at.toISOString(),
  startedAt: row.started_at?.toISOString() ?? null,
  finishedAt: row.finished_at?.toISOString() ?? null,
  position: row.position,
  reason: row.reason,
  progressDone: Number(row.progress_done),
  progressTotal: row.progress_total === null ? null : Number(row.progress_total),
  progressFraction: row.progress_fraction === null ? null : Math.min(1, Math.max(0, row.progress_fraction)),
  message: row.message,
});

/** Marks the requests no process holds any more (withdrawn or interrupted), in the database's own function. */
export const sweepProjectionOperations = (db: Queryable) => db.query('SELECT projection_operations_sweep()');
