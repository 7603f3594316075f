// How every service process opens the log: the adapter EVENT_STORE names, behind the vault.
import { createPool, type Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { runMigrations } from '@acres/platform/migrate';
import { createEventStore } from '../create-event-store.ts';
import type { EsdbEventStoreOptions } from '../esdb/esdb-event-store.ts';
import { openProtectedStore, type KeyConfig } from './open-protected-store.ts';

export type LogConfig = KeyConfig & { EVENT_STORE: 'postgres' | 'esdb'; ESDB_CONNECTION_STRING?: string | undefined };

/**
 * The protected store on a pool the caller owns. `databaseUrl` is the PostgreSQL log's own
 * connection (its LISTEN client), which may differ from the configured one (embedded database, CLI).
 */
export const openLogStore = (options: {
  config: LogConfig;
  pool: Pool;
  databaseUrl: string;
  logger: Logger;
  /** Tests: a stand-in for the EventStoreDB client (the adapter's own test seam). */
  esdbClient?: EsdbEventStoreOptions['client'];
}) => {
  const { config, pool, databaseUrl, logger } = options;
  const store = createEventStore(
    config.EVENT_STORE === 'esdb'
      ? { kind: 'esdb', connectionString: config.ESDB_CONNECTION_STRING ?? '', logger, client: options.esdbClient }
      : { kind: 'postgres', pool, connectionString: databaseUrl, logger },
  );
  return openProtectedStore({ store, pool, config });
};

/**
 * A service's database and log in one step: migrations when the service applies them, its
 * pool on DATABASE_URL, and the protected store on that pool. The caller ends the pool.
 */
export const openServiceStore = async (options: {
  config: LogConfig & { DATABASE_URL: string };
  logger: Logger;
  pool: { applicationName: string; max?: number };
  migrate?: boolean;
}) => {
  const { config, logger } = options;
  if (options.migrate) await runMigrations({ databaseUrl: config.DATABASE_URL, logger });
  const pool = createPool({ connectionString: config.DATABASE_URL, ...options.pool });
  const { eventStore, vault } = await openLogStore({ config, pool, databaseUrl: config.DATABASE_URL, logger });
  return { pool, eventStore, vault };
};
