import type { Queryable } from '@acres/platform/db';
import { readCheckpoints, reportCheckpoint, type CheckpointReport } from '../shared/checkpoints.ts';
import { readOwnedProjections } from '../shared/ownership.ts';

/** A projection as the database sees it, whichever process runs it (status endpoint, CLI). */
export type StoredProjectionStatus = {
  name: string;
  status: 'running' | 'failed';
  /** True while some projector process holds the projection's ownership lock. */
  owned: boolean;
} & CheckpointReport & { updatedAt: string };

export const readProjectionStatus = async (
  db: Queryable,
  options: { names?: readonly string[] } = {},
): Promise<StoredProjectionStatus[]> => {
  const rows = await readCheckpoints(db, options.names);
  const owned = await readOwnedProjections(
    db,
    rows.map((row) => row.name),
  );
  return rows.map((row) => ({
    name: row.name,
    status: row.status,
    owned: owned.has(row.name),
    ...reportCheckpoint(row),
    updatedAt: row.updatedAt.toISOString(),
  }));
};
