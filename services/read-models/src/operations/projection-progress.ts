// How far each projection has got and how far behind the log it is: the status table
// of the projections CLI and of GET /api/admin/projections. Lag is measured against the
// head of the log readers may see, through the event-store port (either store): the
// events after each checkpoint, counted up to a cap where counting means reading, and
// the age of the oldest of them.

import type { EventStore } from '@acres/eventstore/port';
import type { Queryable } from '@acres/platform/db';
import {
  isRebuildCheckpoint,
  liveProjectionName,
  NO_CHECKPOINT_REPORT,
  readCheckpoints,
  reportCheckpoint,
  type CheckpointReport,
  type CheckpointRow,
} from '../shared/checkpoints.ts';
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
  /** Head of the log; null when it cannot be measured from here. */
  headPosition: string | null;
  /** Events after the checkpoint up to the head. */
  lagEvents: number | null;
  /** True when lagEvents is a lower bound (counted through the port up to a cap). */
  lagEventsCapped: boolean;
  /** Age of the oldest event not yet processed; 0 when caught up. */
  lagSeconds: number | null;
  /** Events an operator parked for this projection (projection_dead_letters). */
  parkedEvents: number;
  updatedAt: string | null;
} & CheckpointReport;

/** The log to measure lag against, read through the port; counting stops at maxCount (default: exact). */
export type LagSource = { eventStore: Pick<EventStore, 'readHeadPosition' | 'countEvents' | 'readAll'>; maxCount?: number };

type Lag = { headPosition: string | null; lagEvents: number | null; lagEventsCapped: boolean; lagSeconds: number | null };

const UNKNOWN_LAG: Lag = { headPosition: null, lagEvents: null, lagEventsCapped: false, lagSeconds: null };

const secondsSince = (at: Date | null, now: Date) =>
  at ? Math.max(0, Math.round((now.getTime() - at.getTime()) / 100) / 10) : 0;

/** Each distinct checkpoint once: the events past it up to the head, and the oldest of them. */
const measureLag = async (source: LagSource, positions: readonly bigint[], now: Date): Promise<Lag[]> => {
  const { eventStore, maxCount } = source;
  const head = await eventStore.readHeadPosition();
  const measured = await Promise.all(
    [...new Set(positions)].map(async (position): Promise<[bigint, Lag]> => {
      const range = { fromPosition: position, toPosition: head };
      const [lagEvents, [oldest]] =
        position >= head
          ? [0, []]
          : await Promise.all([
              eventStore.countEvents({ ...range, max: maxCount }),
              eventStore.readAll({ ...range, maxCount: 1 }),
            ]);
      return [
        position,
        {
          headPosition: head.toString(),
          lagEvents,
          lagEventsCapped: maxCount !== undefined && lagEvents >= maxCount,
          lagSeconds: lagEvents === 0 ? 0 : secondsSince(oldest?.createdAt ?? null, now),
        },
      ];
    }),
  );
  const byPosition = new Map(measured);
  return positions.map((position) => byPosition.get(position)!);
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
    options.lag === null ? positions.map(() => UNKNOWN_LAG) : measureLag(options.lag, positions, now),
  ]);
  return names.map((name, index) => {
    const row = byName.get(name);
    const { position, ...report } = row ? reportCheckpoint(row) : NO_CHECKPOINT_REPORT;
    return {
      name,
      state: stateOf(row, owned.has(name)),
      owned: owned.has(name),
      position,
      ...lags[index]!,
      ...report,
      parkedEvents: isRebuildCheckpoint(name) ? 0 : (parked.get(liveProjectionName(name)) ?? 0),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
};
