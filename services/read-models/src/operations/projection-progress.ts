// How far each projection has got and how far behind the log it is: the status table
// of the projections CLI and of GET /api/admin/projections.
//
// Lag is measured against the head of the log readers may see. With the PostgreSQL
// event store it is one query over the events table (events after each checkpoint and
// the age of the oldest of them). With another store (EventStoreDB) the events after
// each checkpoint are read through the port and counted up to a cap.

import type { EventStore } from '@acres/eventstore/port';
import type { Queryable } from '@acres/platform/db';
import { isRebuildCheckpoint, liveProjectionName, readCheckpoints, type CheckpointRow } from '../shared/checkpoints.ts';
import { readOwnedProjections } from '../shared/ownership.ts';

export const PROJECTION_STATES = ['running', 'stopped', 'failed', 'not-started', 'rebuilding'] as const;
export type ProjectionProgressState = (typeof PROJECTION_STATES)[number];

export type ProjectionProgress = {
  name: string;
  /**
   * running: a projector owns it; stopped: no projector runs it; failed: stopped on a
   * poison event (see lastError); not-started: no checkpoint yet; rebuilding: a rebuild's
   * own checkpoint ('leads@r2'), filling versioned tables.
   */
  state: ProjectionProgressState;
  owned: boolean;
  /** Global position of the last event processed ('0' = none); decimal, positions are 64-bit. */
  position: string;
  /** Head of the log; null when it cannot be measured from here. */
  headPosition: string | null;
  /** Events after the checkpoint up to the head. */
  lagEvents: number | null;
  /** True when lagEvents is a lower bound (counted through the port up to a cap). */
  lagEventsCapped: boolean;
  /** Age of the oldest event not yet processed; 0 when caught up. */
  lagSeconds: number | null;
  eventsApplied: number;
  lastError: string | null;
  failedPosition: string | null;
  failedEventId: string | null;
  failedEventType: string | null;
  failedAt: string | null;
  /** Events an operator parked for this projection (projection_dead_letters). */
  parkedEvents: number;
  updatedAt: string | null;
};

export type LagSource =
  /** The events table of the same database (the PostgreSQL event store). */
  | { kind: 'postgres' }
  /** Any event store, read through the port; counts at most maxCount events per projection. */
  | { kind: 'store'; eventStore: EventStore; maxCount?: number };

type Lag = { headPosition: string | null; lagEvents: number | null; lagEventsCapped: boolean; lagSeconds: number | null };

const UNKNOWN_LAG: Lag = { headPosition: null, lagEvents: null, lagEventsCapped: false, lagSeconds: null };

const secondsSince = (at: Date | null, now: Date) =>
  at ? Math.max(0, Math.round((now.getTime() - at.getTime()) / 100) / 10) : 0;

// Each event after the lowest checkpoint is counted once: the log is cut into the spans
// between consecutive checkpoints, and a checkpoint's lag is the sum of the spans above it.
const LAG_SQL = `
  WITH head AS (
    SELECT COALESCE(max(global_position), 0) AS position FROM events WHERE global_position < event_store_visible_below()
  ), p AS (
    SELECT DISTINCT position FROM unnest($1::bigint[]) AS u(position)
  ), spans AS (
    SELECT position AS lo, COALESCE(lead(position) OVER (ORDER BY position), (SELECT position FROM head)) AS hi FROM p
  ), counted AS (
    SELECT lo, (SELECT count(*) FROM events e
                 WHERE e.global_position > spans.lo AND e.global_position <= LEAST(spans.hi, (SELECT position FROM head))) AS n
      FROM spans
  )
  SELECT lo::text AS position, (SELECT position FROM head)::text AS head,
         (sum(n) OVER (ORDER BY lo DESC))::int8 AS lag_events,
         (SELECT e.created_at FROM events e
           WHERE e.global_position > counted.lo AND e.global_position <= (SELECT position FROM head)
           ORDER BY e.global_position LIMIT 1) AS oldest_at
    FROM counted`;

const measureWithSql = async (db: Queryable, positions: readonly bigint[], now: Date): Promise<Lag[]> => {
  const { rows } = await db.query<{ position: string; head: string; lag_events: number; oldest_at: Date | null }>(LAG_SQL, [
    positions.map(String),
  ]);
  const head = BigInt(rows[0]?.head ?? '0');
  // Checkpoints past this table's head: the log lives in another store (EventStoreDB), so
  // this table says nothing about it.
  if (positions.some((position) => position > head)) return positions.map(() => UNKNOWN_LAG);
  const byPosition = new Map(rows.map((row) => [row.position, row]));
  return positions.map((position) => {
    const row = byPosition.get(position.toString());
    const lagEvents = row?.lag_events ?? 0;
    return {
      headPosition: head.toString(),
      lagEvents,
      lagEventsCapped: false,
      lagSeconds: lagEvents === 0 ? 0 : secondsSince(row?.oldest_at ?? null, now),
    };
  });
};

const measureWithStore = async (
  eventStore: EventStore,
  positions: readonly bigint[],
  now: Date,
  maxCount: number,
): Promise<Lag[]> => {
  const head = await eventStore.readHeadPosition();
  return Promise.all(
    positions.map(async (position) => {
      let counted = 0;
      let oldest: Date | null = null;
      let from = position;
      while (counted < maxCount && from < head) {
        const page = await eventStore.readAll({ fromPosition: from, maxCount: Math.min(1000, maxCount - counted) });
        const upToHead = page.filter((event) => event.globalPosition <= head);
        oldest ??= upToHead[0]?.createdAt ?? null;
        counted += upToHead.length;
        if (upToHead.length < page.length || page.length === 0) break;
        from = page.at(-1)!.globalPosition;
      }
      return {
        headPosition: head.toString(),
        lagEvents: counted,
        lagEventsCapped: counted >= maxCount,
        lagSeconds: counted === 0 ? 0 : secondsSince(oldest, now),
      };
    }),
  );
};

const readParkedCounts = async (db: Queryable) => {
  const { rows } = await db.query<{ projection: string; parked: number }>(
    'SELECT projection, count(*)::int AS parked FROM projection_dead_letters GROUP BY projection',
  );
  return new Map(rows.map((row) => [row.projection, row.parked]));
};

const stateOf = (row: CheckpointRow | undefined, owned: boolean): ProjectionProgressState => {
  if (!row) return 'not-started';
  if (row.status === 'failed') return 'failed';
  if (isRebuildCheckpoint(row.name)) return 'rebuilding';
  return owned ? 'running' : 'stopped';
};

/**
 * Every projection in `names` (those without a checkpoint yet as not-started), then any
 * other checkpoint rows (rebuilds in progress, projections this code no longer runs).
 */
export const readProjectionProgress = async (options: {
  db: Queryable;
  names: readonly string[];
  lag: LagSource | null;
  now?: Date;
}): Promise<ProjectionProgress[]> => {
  const now = options.now ?? new Date();
  const checkpoints = await readCheckpoints(options.db);
  const byName = new Map(checkpoints.map((row) => [row.name, row]));
  const names = [...options.names, ...checkpoints.map((row) => row.name).filter((name) => !options.names.includes(name))];
  const positions = names.map((name) => byName.get(name)?.position ?? 0n);
  const [owned, parked, lags] = await Promise.all([
    readOwnedProjections(options.db, names),
    readParkedCounts(options.db),
    options.lag === null
      ? positions.map(() => UNKNOWN_LAG)
      : options.lag.kind === 'postgres'
        ? measureWithSql(options.db, positions, now)
        : measureWithStore(options.lag.eventStore, positions, now, options.lag.maxCount ?? 10_000),
  ]);
  return names.map((name, index) => {
    const row = byName.get(name);
    return {
      name,
      state: stateOf(row, owned.has(name)),
      owned: owned.has(name),
      position: (row?.position ?? 0n).toString(),
      ...lags[index]!,
      eventsApplied: row?.eventsApplied ?? 0,
      lastError: row?.lastError ?? null,
      failedPosition: row?.failedPosition?.toString() ?? null,
      failedEventId: row?.failedEventId ?? null,
      failedEventType: row?.failedEventType ?? null,
      failedAt: row?.failedAt?.toISOString() ?? null,
      parkedEvents: isRebuildCheckpoint(name) ? 0 : (parked.get(liveProjectionName(name)) ?? 0),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
};
