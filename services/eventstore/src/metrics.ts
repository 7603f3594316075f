import { counterIn, type Registry } from '@acres/platform/observability';
import type { EventStore } from './port.ts';

/**
 * The store with `events_appended_total{type}` counted on every acknowledged append.
 * A decorator rather than code in each adapter, so both count the same way. An
 * idempotent retry the store acknowledges without writing counts again: the counter
 * measures acknowledged appends, which is what a writer's throughput is.
 */
export const instrumentEventStore = (store: EventStore, registry: Registry): EventStore => {
  const appended = counterIn(registry, {
    name: 'events_appended_total',
    help: 'Events appended to the event store, by event type',
    labelNames: ['type'] as const,
  });
  return {
    ...store,
    appendToStream: async (stream, events, options) => {
      const result = await store.appendToStream(stream, events, options);
      for (const event of events) appended.inc({ type: event.type });
      return result;
    },
  };
};
