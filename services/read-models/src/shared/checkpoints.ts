// The projection_checkpoints table as every reader sees it: where each projection has got
// to and whether it is healthy. The projector writes it (in the same transaction as the
// rows, announcing each move on CHECKPOINT_CHANNEL); the query API waits on it for
// read-your-writes, and the status views read it.

import type { Queryable } from '@acres/platform/db';

/** NOTIFY channel of checkpoint moves: `{"name":…,"position":"…"}`, plus `"status":"failed"` when one stops. */
export const CHECKPOINT_CHANNEL = 'projection_checkpoint';

export type CheckpointRow = {
  name: string;
  position: bigint;
  status: 'running' | 'failed';
  lastError: string | null;
  failedPosition: bigint | null;
  failedEventId: string | null;
  failedEventType: string | null;
  failedAt: Date | null;
  eventsApplied: number;
  updatedAt: Date;
};

type RawRow = {
  name: string;
  position: string;
  status: 'running' | 'failed';
  last_error: string | null;
  failed_position: string | null;
  failed_event_id: string | null;
  failed_event_type: string | null;
  failed_at: Date | null;
  events_applied: string;
  updated_at: Date;
};

// Positions travel as text: they are bigint in the port, and the platform's int8 parser
// turns int8 into a JS number.
const SELECT_COLUMNS = `name, position::text AS position, status, last_error, failed_position::text AS failed_position,
  failed_event_id::text AS failed_event_id, failed_event_type, failed_at, events_applied::text AS events_applied, updated_at`;

const toCheckpoint = (row: RawRow): CheckpointRow => ({
  name: row.name,
  position: BigInt(row.position),
  status: row.status,
  lastError: row.last_error,
  failedPosition: row.failed_position === null ? null : BigInt(row.failed_position),
  failedEventId: row.failed_event_id,
  failedEventType: row.failed_event_type,
  failedAt: row.failed_at,
  eventsApplied: Number(row.events_applied),
  updatedAt: row.updated_at,
});

/** The checkpoints of the named projections (all of them without names), by name. */
export const readCheckpoints = async (db: Queryable, names?: readonly string[]): Promise<CheckpointRow[]> => {
  const { rows } = names
    ? await db.query<RawRow>(`SELECT ${SELECT_COLUMNS} FROM projection_checkpoints WHERE name = ANY($1::text[]) ORDER BY name`, [
        names,
      ])
    : await db.query<RawRow>(`SELECT ${SELECT_COLUMNS} FROM projection_checkpoints ORDER BY name`);
  return rows.map(toCheckpoint);
};

/**
 * A checkpoint's progress and failure as every status view shows it (runner, status
 * endpoint, CLI): positions as decimal text, since they are 64-bit, and times as ISO text.
 */
export type CheckpointReport = {
  /** Global position of the last event processed ('0' = none). */
  position: string;
  eventsApplied: number;
  lastError: string | null;
  failedPosition: string | null;
  failedEventId: string | null;
  failedEventType: string | null;
  failedAt: string | null;
};

/** What a projection without a checkpoint reports: nothing processed, nothing failed. */
export const NO_CHECKPOINT_REPORT: CheckpointReport = {
  position: '0',
  eventsApplied: 0,
  lastError: null,
  failedPosition: null,
  failedEventId: null,
  failedEventType: null,
  failedAt: null,
};

export const reportCheckpoint = (row: CheckpointRow): CheckpointReport => ({
  position: row.position.toString(),
  eventsApplied: row.eventsApplied,
  lastError: row.lastError,
  failedPosition: row.failedPosition?.toString() ?? null,
  failedEventId: row.failedEventId,
  failedEventType: row.failedEventType,
  failedAt: row.failedAt?.toISOString() ?? null,
});

const REBUILD_SUFFIX = /@r\d+$/;

/** The checkpoint row a rebuild keeps for itself, apart from the live one. */
export const rebuildCheckpointName = (projection: string, generation: number) => `${projection}@r${generation}`;

export const isRebuildCheckpoint = (name: string) => REBUILD_SUFFIX.test(name);

/** 'leads@r3' → 'leads'; a live name is returned as it is. */
export const liveProjectionName = (name: string) => name.replace(REBUILD_SUFFIX, '');
