// The projector's two processes (the service and the projections CLI) open the same event
// store: the one EVENT_STORE names, its sealed fields opened with the data keys.

import { createEventStore } from '@acres/eventstore';
import { openProtectedStore } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';

type StoreConfig = {
  EVENT_STORE: 'postgres' | 'esdb';
  ESDB_CONNECTION_STRING?: string | undefined;
  DATA_MASTER_KEY?: string | undefined;
  DATA_DIR?: string | undefined;
};

/** EventStoreDB, or the PostgreSQL store in `databaseUrl`'s database (on `pool`), protected. */
export const openConfiguredStore = (options: { config: StoreConfig; pool: Pool; databaseUrl: string; logger: Logger }) => {
  const { config, pool, databaseUrl, logger } = options;
  return openProtectedStore({
    store: createEventStore(
      config.EVENT_STORE === 'esdb'
        ? { kind: 'esdb', connectionString: config.ESDB_CONNECTION_STRING ?? '', logger }
        : { kind: 'postgres', pool, connectionString: databaseUrl, logger },
    ),
    pool,
    config,
  });
};
