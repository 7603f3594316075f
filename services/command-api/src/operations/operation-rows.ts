// projection_operations on the command side: a request goes in, the projector carries it
// out (services/projector/src/operations/worker.ts) and writes the outcome the request
// waits for. SQL only; request-operation.ts holds the rules.

import type { ProjectionOperation, ProjectionOperationKind } from '@acres/contracts/projection-operations';
import type { Pool, PoolClient, Queryable } from '@acres/platform/db';
import {
  PROJECTION_OPERATION_COLUMNS,
  sweepProjectionOperations,
  toProjectionOperation,
  type ProjectionOperationRow,
} from '@acres/platform/projection-operations';

type RawOperation = ProjectionOperationRow & { refusal: string | null };

export type StoredOperation = ProjectionOperation & { refusal: string | null };

const toOperation = (raw: RawOperation): StoredOperation => ({ ...toProjectionOperation(raw), refusal: raw.refusal });

export const UNIQUE_VIOLATION = '23505';

export const insertOperation = (
  client: PoolClient,
  row: {
    id: string;
    kind: ProjectionOperationKind;
    projection: string;
    requestedBy: string;
    actor: { kind: string; id: string | null };
    correlationId: string;
    position: string | null;
    reason: string | null;
  },
) =>
  client.query(
    `INSERT INTO projection_operations
       (id, kind, projection, requested_by, actor_kind, actor_id, correlation_id, position, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::bigint, $9)`,
    [
      row.id,
      row.kind,
      row.projection,
      row.requestedBy,
      row.actor.kind,
      row.actor.id,
      row.correlationId,
      row.position,
      row.reason,
    ],
  );

export const sweepOperations = sweepProjectionOperations;

export const readOperation = async (db: Queryable, id: string): Promise<StoredOperation | null> => {
  const { rows } = await db.query<RawOperation>(
    `SELECT ${PROJECTION_OPERATION_COLUMNS}, refusal FROM projection_operations WHERE id = $1`,
    [id],
  );
  return rows[0] ? toOperation(rows[0]) : null;
};

/** True when the request was still waiting and is now withdrawn (no projector will run it). */
export const withdrawOperation = async (pool: Pool, id: string): Promise<boolean> => {
  const { rowCount } = await pool.query(
    `UPDATE projection_operations SET status = 'withdrawn', finished_at = now(),
            message = 'no projector process took it up in time'
      WHERE id = $1 AND status = 'requested'`,
    [id],
  );
  return rowCount === 1;
};
