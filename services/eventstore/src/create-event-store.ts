import { createEsdbEventStore, type EsdbEventStoreOptions } from './esdb/esdb-event-store.ts';
import type { EventStore } from './port.ts';
import { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.ts';

export type EventStoreOptions = ({ kind: 'postgres' } & PostgresEventStoreOptions) | ({ kind: 'esdb' } & EsdbEventStoreOptions);

/** The adapter named by EVENT_STORE: postgres (the default everywhere) or esdb. */
export const createEventStore = (options: EventStoreOptions): EventStore => {
  switch (options.kind) {
    case 'postgres':
      return createPostgresEventStore(options);
    case 'esdb':
      if (!options.connectionString) throw new Error('EVENT_STORE=esdb needs ESDB_CONNECTION_STRING');
      return createEsdbEventStore(options);
    default: {
      const unknown: never = options;
      throw new Error(`unknown event store kind ${JSON.stringify((unknown as { kind: unknown }).kind)}`);
    }
  }
};
