// projection_operations on the command side: a request goes in, the projector carries it
// out (services/projector/src/operations/worker.ts) and writes the outcome the request
// waits for. SQL only; request-operation.ts holds the rules.

import type { ProjectionOperation, ProjectionOperationKind } from '@acres/contracts/projection-operations';
import type { Pool, PoolClient, Queryable } from '@acres/platform/db';

type RawOperation = {
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
  refusal: string | null;
  message: string | null;
};

export type StoredOperation = ProjectionOperation & { refusal: string | null };

const toOperation = (raw: RawOperation): StoredOperation => ({
  id: raw.id,
  kind: raw.kind,
  projection: raw.projection,
  status: raw.status,
  requestedBy: raw.requested_by,
  requestedAt: raw.requested_at.toISOString(),
  startedAt: raw.started_at?.toISOString() ?? null,
  finishedAt: raw.finished_at?.toISOString() ?? null,
  position: raw.position,
  reason: raw.reason,
  progressDone: Number(raw.progress_done),
  progressTotal: raw.progress_total === null ? null : Number(raw.progress_total),
  progressFraction: raw.progress_fraction,
  message: raw.message,
  refusal: raw.refusal,
});

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

export const sweepOperations = (db: Queryable) => db.query('SELECT projection_operations_sweep()');

export const readOperation = async (db: Queryable, id: string): Promise<StoredOperation | null> => {
  const { rows } = await db.query<RawOperation>(
    `SELECT id, kind, projection, status, requested_by, requested_at, started_at, finished_at, position::text AS position,
            reason, progress_done::text AS progress_done, progress_total::text AS progress_total, progress_fraction, refusal, message
       FROM projection_operations WHERE id = $1`,
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
