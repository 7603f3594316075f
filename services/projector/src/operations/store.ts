// The projection_operations table on the projector's side: claiming a request, holding
// it while it runs (a session advisory lock the sweep looks for), progress and outcome.

import type { Pool, PoolClient, Queryable } from '@acres/platform/db';
import type { ProjectionOperationKind, ProjectionOperationStatus } from '@acres/contracts/projection-operations';
import type { Operator } from './audit-events.ts';

export type OperationRow = {
  id: string;
  kind: ProjectionOperationKind;
  projection: string;
  operator: Operator;
  position: bigint | null;
  reason: string | null;
};

type RawRow = {
  id: string;
  kind: ProjectionOperationKind;
  projection: string;
  requested_by: string;
  actor_kind: Operator['actor']['kind'];
  actor_id: string | null;
  correlation_id: string;
  position: string | null;
  reason: string | null;
};

const COLUMNS = 'id, kind, projection, requested_by, actor_kind, actor_id, correlation_id, position::text AS position, reason';

const toRow = (raw: RawRow): OperationRow => ({
  id: raw.id,
  kind: raw.kind,
  projection: raw.projection,
  operator: { by: raw.requested_by, actor: { kind: raw.actor_kind, id: raw.actor_id }, correlationId: raw.correlation_id },
  position: raw.position === null ? null : BigInt(raw.position),
  reason: raw.reason,
});

const holdOperation = (client: PoolClient, id: string) =>
  client.query(`SELECT pg_advisory_lock(hashtext('acres.operation'), hashtext($1))`, [id]);

export const releaseOperation = (client: PoolClient, id: string) =>
  client.query(`SELECT pg_advisory_unlock(hashtext('acres.operation'), hashtext($1))`, [id]);

export const sweepOperations = (db: Queryable) => db.query('SELECT projection_operations_sweep()');

/**
 * Takes the oldest waiting request, if any, and holds it on `client` (the lock is taken
 * before the claim commits, so the sweep never sees it running without its holder).
 */
export const claimOperation = async (
  client: PoolClient,
  /** Why this process refuses the request before it starts (an unknown projection), or null. */
  refusalOf: (row: OperationRow) => string | null,
): Promise<OperationRow | 'refused' | null> => {
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<RawRow>(
      `SELECT ${COLUMNS} FROM projection_operations WHERE status = 'requested'
        ORDER BY requested_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    const raw = rows[0];
    if (!raw) {
      await client.query('COMMIT');
      return null;
    }
    // Refused in the claim itself, so a request is never seen running (a rebuild's 202) before it is refused.
    const refusal = refusalOf(toRow(raw));
    if (refusal !== null) {
      await finishOperation(client, [raw.id], { status: 'refused', refusal: 'not_found', message: refusal });
      await client.query('COMMIT');
      return 'refused';
    }
    await holdOperation(client, raw.id);
    await client.query(`UPDATE projection_operations SET status = 'running', started_at = now() WHERE id = $1`, [raw.id]);
    await client.query('COMMIT');
    return toRow(raw);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
};

/** The CLI's rebuild: rows already running, held by `client`; false when a rebuild of one of them is under way. */
export const insertRunningRebuilds = async (
  client: PoolClient,
  options: { ids: readonly string[]; projections: readonly string[]; operator: Operator },
): Promise<boolean> => {
  // A rebuild whose process was killed left its row running, held by nobody.
  await sweepOperations(client);
  await client.query('BEGIN');
  try {
    for (const [index, projection] of options.projections.entries()) {
      const id = options.ids[index]!;
      await holdOperation(client, id);
      await client.query(
        `INSERT INTO projection_operations
           (id, kind, projection, status, requested_by, actor_kind, actor_id, correlation_id, started_at)
         VALUES ($1, 'rebuild', $2, 'running', $3, $4, $5, $6, now())`,
        [
          id,
          projection,
          options.operator.by,
          options.operator.actor.kind,
          options.operator.actor.id,
          options.operator.correlationId,
        ],
      );
    }
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    for (const id of options.ids) await releaseOperation(client, id).catch(() => {});
    if ((error as { code?: unknown }).code === '23505') return false;
    throw error;
  }
};

export const recordProgress = (
  db: Pool,
  ids: readonly string[],
  progress: { done: number; total: number | null; fraction: number | null },
) =>
  db.query(
    `UPDATE projection_operations SET progress_done = $2, progress_total = $3, progress_fraction = $4
      WHERE id = ANY($1::uuid[]) AND status = 'running'`,
    [ids, progress.done, progress.total, progress.fraction],
  );

export const finishOperation = (
  db: Queryable,
  ids: readonly string[],
  outcome: { status: Exclude<ProjectionOperationStatus, 'requested' | 'running'>; message: string | null; refusal?: string },
) =>
  db.query(
    `UPDATE projection_operations SET status = $2, message = $3, refusal = $4, finished_at = now()
      WHERE id = ANY($1::uuid[]) AND status IN ('requested', 'running')`,
    [ids, outcome.status, outcome.message, outcome.refusal ?? null],
  );
