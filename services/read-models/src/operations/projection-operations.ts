// The operations on projections (rebuild, resume, skip) of the last days, newest first,
// with a rebuild's live progress: the Operations tab's actions and progress bars. The
// projector's operations worker and the projections CLI write projection_operations.

import type { ProjectionOperation } from '@acres/contracts/projection-operations';
import type { Queryable } from '@acres/platform/db';
import {
  PROJECTION_OPERATIONS_TABLE,
  toProjectionOperation,
  type ProjectionOperationRow,
} from '@acres/platform/projection-operations';

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
