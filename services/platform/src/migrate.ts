import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type { Logger } from './logger.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../infra/migrations', import.meta.url));

/** Applies every pending migration in infra/migrations; node-pg-migrate takes an advisory lock, so concurrent starts are safe. */
export const runMigrations = async (options: { databaseUrl: string; logger?: Logger }) => {
  const applied = await runner({
    databaseUrl: options.databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    checkOrder: true,
    singleTransaction: true,
    // Several services starting at once must queue behind one migration run, not crash.
    advisoryLockMode: 'wait',
    log: (message: string) => options.logger?.debug({ migration: message }, 'migrate'),
    verbose: false,
  });
  if (applied.length > 0) options.logger?.info({ applied: applied.map((m) => m.name) }, 'migrations applied');
  return applied;
};

/** Names of migrations on disk that the database has not applied yet (for readiness checks). */
export const listPendingMigrations = async (options: { databaseUrl: string }) => {
  const pending = await runner({
    databaseUrl: options.databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    dryRun: true,
    log: () => {},
    verbose: false,
  });
  return pending.map((m) => m.name);
};
