// What /readyz checks: the database answers, the event store answers, and the schema
// this code expects is in place. Each check has a short deadline so a hung dependency
// turns into a 503 rather than a probe that never answers.

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger.ts';
import type { Queryable } from './db.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

export type CheckOutcome = { ok: true } | { ok: false; reason: string };

export type ReadinessReport = { ready: boolean; checks: Record<string, CheckOutcome> };

export type ReadinessCheck = () => Promise<ReadinessReport>;

/** A dependency check: resolves when healthy, throws (or rejects) with why it is not. */
export type DependencyCheck = () => Promise<void>;

/** A failure whose message is safe to show on a public port (no hosts, users or SQL). */
export class CheckFailed extends Error {
  override name = 'CheckFailed';
}

export const DEFAULT_CHECK_TIMEOUT_MS = 2_000;

const withDeadline = async (check: DependencyCheck, timeoutMs: number) => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckFailed(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check(), deadline]);
  } finally {
    clearTimeout(timer);
  }
};

// Error text may carry host names, user names or SQL; the probe shows a code, the log the rest.
const publicReason = (error: unknown) => {
  if (error instanceof CheckFailed) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' || typeof code === 'number' ? `failed (${code})` : 'failed';
};

/** Runs every check at once, each under its own deadline. */
export const createReadinessCheck = (options: {
  checks: Record<string, DependencyCheck>;
  timeoutMs?: number;
  logger?: Logger;
}): ReadinessCheck => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const entries = Object.entries(options.checks);
  return async () => {
    const outcomes = await Promise.all(
      entries.map(async ([name, check]): Promise<[string, CheckOutcome]> => {
        try {
          await withDeadline(check, timeoutMs);
          return [name, { ok: true }];
        } catch (error) {
          options.logger?.warn({ err: error, check: name }, 'readiness check failed');
          return [name, { ok: false, reason: publicReason(error) }];
        }
      }),
    );
    return { ready: outcomes.every(([, outcome]) => outcome.ok), checks: Object.fromEntries(outcomes) };
  };
};

/** The database answers `SELECT 1` (an ended pool or a dead server fails it). */
export const databaseCheck =
  (db: Queryable): DependencyCheck =>
  async () => {
    await db.query('SELECT 1');
  };

/** The event store answers a read of its head (both adapters: one cheap read). */
export const eventStoreCheck =
  (store: { readHeadPosition(): Promise<bigint> }): DependencyCheck =>
  async () => {
    await store.readHeadPosition();
  };

/** Migration names as node-pg-migrate records them: file names without extension, dot-files ignored. */
export const listMigrationFiles = async (dir: string = MIGRATIONS_DIR) =>
  (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.basename(entry.name, path.extname(entry.name)))
    .sort();

/**
 * Migrations on disk the database has not applied. Read-only on purpose: node-pg-migrate's
 * own dry run takes the migration lock and creates its table, which a probe hit every
 * few seconds by every replica must not do.
 */
export const readPendingMigrations = async (db: Queryable, dir: string = MIGRATIONS_DIR) => {
  const files = await listMigrationFiles(dir);
  let applied: Set<string>;
  try {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM pgmigrations');
    applied = new Set(rows.map((row) => row.name));
  } catch (error) {
    // undefined_table: nothing was ever migrated here.
    if ((error as { code?: string }).code === '42P01') applied = new Set();
    else throw error;
  }
  return files.filter((name) => !applied.has(name));
};

/**
 * Fails while any migration is pending. The answer is cached for cacheMs and concurrent
 * probes share one lookup, so a burst of probes costs one query.
 */
export const migrationsCheck = (options: {
  listPending: () => Promise<string[]>;
  cacheMs?: number;
  now?: () => number;
}): DependencyCheck => {
  const cacheMs = options.cacheMs ?? 5_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; pending: Promise<string[]> } | null = null;
  return async () => {
    if (!cached || now() - cached.at >= cacheMs) {
      const pending = options.listPending();
      cached = { at: now(), pending };
      // A failed lookup is not remembered: the next probe asks again.
      pending.catch(() => {
        if (cached?.pending === pending) cached = null;
      });
    }
    const pending = await cached.pending;
    if (pending.length > 0) {
      const shown = pending.slice(0, 5).join(', ') + (pending.length > 5 ? ', …' : '');
      throw new CheckFailed(`${pending.length} pending: ${shown}`);
    }
  };
};

/** The usual three checks of a service that reads and writes through pool and event store. */
export const createServiceReadiness = (options: {
  pool: Queryable;
  eventStore?: { readHeadPosition(): Promise<bigint> } | undefined;
  logger?: Logger;
  timeoutMs?: number;
  migrationsCacheMs?: number;
}): ReadinessCheck =>
  createReadinessCheck({
    logger: options.logger,
    timeoutMs: options.timeoutMs,
    checks: {
      database: databaseCheck(options.pool),
      ...(options.eventStore ? { eventStore: eventStoreCheck(options.eventStore) } : {}),
      migrations: migrationsCheck({ listPending: () => readPendingMigrations(options.pool), cacheMs: options.migrationsCacheMs }),
    },
  });
