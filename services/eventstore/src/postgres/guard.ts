import type { Queryable } from '@acres/platform/db';

/**
 * Positions come from transaction ids, which start again near zero in a new cluster:
 * after a dump is restored into one, new events would get positions below the restored
 * ones and every reader that had passed them would skip them. Refuse to append instead.
 */
export const assertPositionsBehindTransactionIds = async (db: Queryable) => {
  const { rows } = await db.query<{ ahead: boolean }>(
    `SELECT coalesce((SELECT max(global_position) FROM events) >= event_store_position_floor(), false) AS ahead`,
  );
  if (rows[0]?.ahead) {
    throw new Error(
      "The events table holds positions ahead of this cluster's transaction ids (restored from a dump into a new cluster?). " +
        'Appending now would put new events behind ones readers have passed. See infra/migrations/1700000000001_event-store.sql for the fix.',
    );
  }
};
