// Projection gauges, read when Prometheus scrapes: how far each projection has got,
// how far behind the head of the log it is (in events and seconds), and whether it
// has stopped on a poison event. Read from the database, so every projector process
// (owner or standby) and the standalone server report the same numbers.

import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { gaugeIn, type Registry } from '@acres/platform/observability';
import { readProjectionStatus } from '@acres/read-models/projection-status';

/** Lag in events is counted up to this; beyond it the number only says "far behind". */
export const DEFAULT_LAG_CAP = 100_000;
/** Through EventStoreDB, counting means reading events, so the cap is lower. */
export const ESDB_LAG_CAP = 1_000;

export type ProjectionLag = {
  name: string;
  position: bigint;
  failed: boolean;
  owned: boolean;
  lagEvents: number;
  lagSeconds: number;
};
export type ProjectionSnapshot = { head: bigint; projections: ProjectionLag[] };

type LagReader = Pick<EventStore, 'readAll' | 'countEvents'>;

/**
 * Positions are sparse (PostgreSQL's are transaction ids times 65536), so lag in events
 * is a count of the log's events past each checkpoint, capped, and lag in seconds is the
 * age of the oldest event not yet applied (0 when caught up).
 */
const readLag = async (store: LagReader, options: { position: bigint; head: bigint; cap: number; now: () => Date }) => {
  if (options.position >= options.head) return { lagEvents: 0, lagSeconds: 0 };
  const range = { fromPosition: options.position, toPosition: options.head };
  const [lagEvents, [oldest]] = await Promise.all([
    store.countEvents({ ...range, max: options.cap }),
    store.readAll({ ...range, maxCount: 1 }),
  ]);
  return {
    lagEvents,
    lagSeconds: oldest ? Math.max(0, (options.now().getTime() - oldest.createdAt.getTime()) / 1000) : 0,
  };
};

export type ProjectionMetricsOptions = {
  pool: Pool;
  eventStore: Pick<EventStore, 'readHeadPosition' | 'readAll' | 'countEvents'>;
  /** postgres: counting is cheap (up to lagCap); esdb: counting reads events (up to ESDB_LAG_CAP). */
  eventStoreKind: 'postgres' | 'esdb';
  /** Projections this code runs; one that never ran yet shows at position 0. */
  names?: readonly string[];
  lagCap?: number;
  /** The gauges of one scrape share one read of the database. */
  cacheMs?: number;
  logger?: Logger;
  now?: () => Date;
};

export const readProjectionSnapshot = async (options: ProjectionMetricsOptions): Promise<ProjectionSnapshot> => {
  const now = options.now ?? (() => new Date());
  const [stored, head] = await Promise.all([
    readProjectionStatus(options.pool, { names: options.names }),
    options.eventStore.readHeadPosition(),
  ]);
  const byName = new Map(stored.map((status) => [status.name, status]));
  const names = options.names ?? stored.map((status) => status.name);
  const base = names.map((name) => {
    const status = byName.get(name);
    return {
      name,
      position: BigInt(status?.position ?? '0'),
      failed: status?.status === 'failed',
      owned: status?.owned ?? false,
    };
  });
  const cap =
    options.eventStoreKind === 'postgres'
      ? (options.lagCap ?? DEFAULT_LAG_CAP)
      : Math.min(options.lagCap ?? ESDB_LAG_CAP, ESDB_LAG_CAP);
  // Checkpoints often coincide: each distinct position is measured once.
  const lags = new Map(
    await Promise.all(
      [...new Set(base.map((p) => p.position))].map(
        async (position) => [position, await readLag(options.eventStore, { position, head, cap, now })] as const,
      ),
    ),
  );
  const projections = base.map((p) => ({ ...p, ...lags.get(p.position)! }));
  return { head, projections };
};

/**
 * projection_position, projection_lag_events, projection_lag_seconds, projection_failed,
 * projection_owned (some process holds its lock) per projection, event_store_head_position,
 * and projection_status_up (0 when the status could not be read; the others are then empty).
 */
export const registerProjectionMetrics = (registry: Registry, options: ProjectionMetricsOptions) => {
  const cacheMs = options.cacheMs ?? 1_000;
  let cached: { at: number; snapshot: Promise<ProjectionSnapshot | null> } | null = null;
  const snapshot = () => {
    if (!cached || Date.now() - cached.at >= cacheMs) {
      cached = {
        at: Date.now(),
        snapshot: readProjectionSnapshot(options).catch((error: unknown) => {
          options.logger?.warn({ err: error }, 'reading projection status for metrics failed');
          return null;
        }),
      };
    }
    return cached.snapshot;
  };
  const perProjection = (name: string, help: string, value: (lag: ProjectionLag) => number) =>
    gaugeIn(registry, {
      name,
      help,
      labelNames: ['projection'] as const,
      async collect() {
        const current = await snapshot();
        this.reset();
        for (const lag of current?.projections ?? []) this.set({ projection: lag.name }, value(lag));
      },
    });
  perProjection('projection_position', 'Global position of the last event the projection processed', (p) => Number(p.position));
  perProjection('projection_lag_events', `Events in the log past the projection's checkpoint (capped)`, (p) => p.lagEvents);
  perProjection(
    'projection_lag_seconds',
    'Age of the oldest event the projection has not applied yet (0 when caught up)',
    (p) => p.lagSeconds,
  );
  perProjection('projection_failed', 'Whether the projection stopped on a poison event (1) or runs (0)', (p) =>
    p.failed ? 1 : 0,
  );
  perProjection('projection_owned', 'Whether some projector process owns (runs) the projection', (p) => (p.owned ? 1 : 0));
  gaugeIn(registry, {
    name: 'event_store_head_position',
    help: 'Position of the last event readers may see',
    async collect() {
      const current = await snapshot();
      this.reset();
      if (current) this.set(Number(current.head));
    },
  });
  gaugeIn(registry, {
    name: 'projection_status_up',
    help: 'Whether the projection status could be read for this scrape',
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
};
