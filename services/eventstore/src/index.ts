export * from './port.ts';
export { createEventStore, type EventStoreOptions } from './create-event-store.ts';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.ts';
export { APPEND_SQL, MAX_EVENTS_PER_APPEND } from './postgres/append.ts';
export type { AppendHooks } from './postgres/append-batch.ts';
export { EVENTS_CHANNEL } from './postgres/notifications.ts';
export { createEsdbEventStore, type EsdbEventStoreOptions } from './esdb/esdb-event-store.ts';
