import type { Queryable } from '@acres/platform/db';
import type { EventMetadata, RecordedEvent } from '../port.ts';

// Positions travel as text: the platform's int8 parser turns int8 into a JS number, and
// the port speaks bigint.
const COLUMNS = `global_position::text AS global_position, stream_id, stream_position::text AS stream_position,
  event_id::text AS event_id, type, data, metadata, created_at`;

type EventRow = {
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
};

const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  streamId: row.stream_id,
  streamPosition: BigInt(row.stream_position),
  globalPosition: BigInt(row.global_position),
  createdAt: row.created_at,
});

const checkCount = (name: string, value: number | undefined) => {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 1))
    throw new RangeError(`${name} must be a positive integer`);
};

const checkPosition = (name: string, value: bigint) => {
  if (typeof value !== 'bigint' || value < 0n) throw new RangeError(`${name} must be a non-negative bigint`);
};

/** Stream reads see every committed event: aggregates need the latest state, not the log's visible prefix. */
export const readStreamEvents = async (
  db: Queryable,
  stream: string,
  options: { fromRevision?: bigint; maxCount?: number } = {},
): Promise<RecordedEvent[]> => {
  const fromRevision = options.fromRevision ?? 0n;
  checkPosition('fromRevision', fromRevision);
  checkCount('maxCount', options.maxCount);
  const { rows } = await db.query<EventRow>(
    `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND stream_position >= $2 ORDER BY events.stream_position LIMIT $3`,
    [stream, fromRevision.toString(), options.maxCount ?? null],
  );
  return rows.map(toRecordedEvent);
};

/**
 * A page of the global log, only below the visibility horizon: every transaction that
 * could still add a position below it has finished, so a reader never passes a gap
 * that fills later.
 */
export const readLogPage = async (db: Queryable, options: { fromPosition?: bigint; maxCount?: number } = {}) => {
  const fromPosition = options.fromPosition ?? 0n;
  checkPosition('fromPosition', fromPosition);
  checkCount('maxCount', options.maxCount);
  const { rows } = await db.query<EventRow>(
    `SELECT ${COLUMNS} FROM events
      WHERE global_position > $1 AND global_position < event_store_visible_below()
      ORDER BY events.global_position LIMIT $2`,
    [fromPosition.toString(), options.maxCount ?? 1000],
  );
  return rows.map(toRecordedEvent);
};

/** Committed events past fromPosition that the horizon still holds back (an older transaction is running). */
export const hasHeldBackEvents = async (db: Queryable, fromPosition: bigint) => {
  const { rows } = await db.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM events WHERE global_position >= event_store_visible_below() AND global_position > $1) AS held`,
    [fromPosition.toString()],
  );
  return rows[0]?.held === true;
};

export const readVisibleHead = async (db: Queryable) => {
  const { rows } = await db.query<{ head: string }>(
    `SELECT coalesce(max(global_position), 0)::text AS head FROM events WHERE global_position < event_store_visible_below()`,
  );
  return BigInt(rows[0]?.head ?? '0');
};
