// The operations on projections (rebuild, resume, skip) of the last days, newest first,
// with a rebuild's live progress: the Operations tab's actions and progress bars. The
// projector's operations worker and the projections CLI write projection_operations.

import type { ProjectionOperation } from '@acres/contracts/projection-operations';
import type { Queryable } from '@acres/platform/db';

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

/** The newest `limit` operations; every one still requested or running whatever its age. */
export const readRecentOperations = async (db: Queryable, options: { limit: number }): Promise<ProjectionOperation[]> => {
  const { rows } = await db.query<ProjectionOperationRow>(
    `SELECT id, kind, projection, status, requested_by, requested_at, started_at, finished_at, position::text AS position,
            reason, progress_done::text AS progress_done, progress_total::text AS progress_total, progress_fraction, message
       FROM (SELECT * FROM ${PROJECTION_OPERATIONS_TABLE} ORDER BY requested_at DESC LIMIT $1) recent
     UNION
     SELECT id, kind, projection, status, requested_by, requested_at, started_at, finished_at, position::text,
            reason, progress_done::text, progress_total::text, progress_fraction, message
       FROM ${PROJECTION_OPERATIONS_TABLE} WHERE status IN ('requested', 'running')
     ORDER BY requested_at DESC`,
    [options.limit],
  );
  return rows.map(toProjectionOperation);
};
