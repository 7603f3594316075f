// The projection_rebuilds table: which rebuild of a projection is in progress, which
// versioned tables it fills and under which checkpoint name.

import type { Queryable } from '@acres/platform/db';
import type { TablePair } from './tables.ts';

export type RebuildRecord = {
  projection: string;
  generation: number;
  checkpointName: string;
  tables: TablePair[];
  startedAt: Date;
};

type RawRecord = { projection: string; generation: number; checkpoint_name: string; tables: TablePair[]; started_at: Date };

const toRecord = (row: RawRecord): RebuildRecord => ({
  projection: row.projection,
  generation: row.generation,
  checkpointName: row.checkpoint_name,
  tables: row.tables,
  startedAt: row.started_at,
});

export const findBuildingRebuild = async (db: Queryable, projection: string): Promise<RebuildRecord | null> => {
  const { rows } = await db.query<RawRecord>(
    `SELECT projection, generation, checkpoint_name, tables, started_at FROM projection_rebuilds
      WHERE projection = $1 AND status = 'building'`,
    [projection],
  );
  return rows[0] ? toRecord(rows[0]) : null;
};

/** The live tables count as generation 1; each rebuild takes the next number. */
export const nextGeneration = async (db: Queryable, projection: string): Promise<number> => {
  const { rows } = await db.query<{ next: number }>(
    'SELECT COALESCE(max(generation), 1)::int + 1 AS next FROM projection_rebuilds WHERE projection = $1',
    [projection],
  );
  return rows[0]?.next ?? 2;
};

export const insertRebuild = async (db: Queryable, record: Omit<RebuildRecord, 'startedAt'>) => {
  await db.query(
    `INSERT INTO projection_rebuilds (projection, generation, checkpoint_name, tables) VALUES ($1, $2, $3, $4::jsonb)`,
    [record.projection, record.generation, record.checkpointName, JSON.stringify(record.tables)],
  );
};

export const markRebuild = async (
  db: Queryable,
  record: Pick<RebuildRecord, 'projection' | 'generation'>,
  outcome: { status: 'abandoned' } | { status: 'swapped'; position: bigint },
) => {
  await db.query(
    `UPDATE projection_rebuilds SET status = $3, finished_at = now(), swapped_position = $4::bigint
      WHERE projection = $1 AND generation = $2 AND status = 'building'`,
    [record.projection, record.generation, outcome.status, outcome.status === 'swapped' ? outcome.position.toString() : null],
  );
};

/** Event ids an operator parked for the projection; its rebuilds pass over them as the live one did. */
export const readParkedEventIds = async (db: Queryable, projection: string): Promise<Set<string>> => {
  const { rows } = await db.query<{ event_id: string }>('SELECT event_id FROM projection_dead_letters WHERE projection = $1', [
    projection,
  ]);
  return new Set(rows.map((row) => row.event_id.toLowerCase()));
};
