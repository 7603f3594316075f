import { EventStoreDBClient, eventTypeFilter, jsonEvent, StreamNotFoundError, type JSONType } from '@eventstore/db-client';
import { EVENT_TYPES } from '@acres/contracts/events';
import type { Logger } from '@acres/platform/logger';
import type { EventStore, RecordedEvent } from '../port.ts';
import { validateAppend } from '../validate-append.ts';
import { createEventFilter, toEsdbExpectedRevision, toReadPosition, toRecordedEvent, toWrongExpectedVersion } from './mapping.ts';

export type EsdbEventStoreOptions = {
  connectionString: string;
  /** Type prefixes of the events that make up our global log; the contracts' event catalogue by default. */
  eventTypes?: string[];
  logger?: Logger;
};

const MAX_EVENTS_PER_APPEND = 65_536;

/**
 * The EventStoreDB event store: streams map 1:1, the global log is $all filtered to our
 * events. Idempotent retries are EventStoreDB's own: the same event ids at the same
 * expected revision succeed again without writing.
 */
export const createEsdbEventStore = (options: EsdbEventStoreOptions): EventStore => {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const eventTypes = options.eventTypes ?? [...EVENT_TYPES];
  if (eventTypes.length === 0) throw new Error('eventTypes must name at least one event type');
  const isOurs = createEventFilter(eventTypes);
  const serverFilter = () => eventTypeFilter({ prefixes: eventTypes });

  const readStream: EventStore['readStream'] = async (stream, readOptions = {}) => {
    const events: RecordedEvent[] = [];
    try {
      const read = client.readStream(stream, { fromRevision: readOptions.fromRevision ?? 0n, maxCount: readOptions.maxCount });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  };

  const readAll: EventStore['readAll'] = async (readOptions = {}) => {
    const fromPosition = readOptions.fromPosition ?? 0n;
    const maxCount = readOptions.maxCount ?? 1000;
    const events: RecordedEvent[] = [];
    // $all reads take no server-side filter in this client, so read on until the page is full.
    const read = client.readAll({ fromPosition: toReadPosition(fromPosition) });
    try {
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        // Reads start at the given position inclusively; ours are exclusive.
        if (!event || event.globalPosition <= fromPosition || !isOurs(event)) continue;
        events.push(event);
        if (events.length >= maxCount) break;
      }
    } finally {
      await read.cancel().catch(() => {});
    }
    return events;
  };

  async function* subscribeToAll({ fromPosition = 0n, signal }: Parameters<EventStore['subscribeToAll']>[0] = {}) {
    if (signal?.aborted) return;
    const subscription = client.subscribeToAll({ fromPosition: toReadPosition(fromPosition), filter: serverFilter() });
    const stop = () => void subscription.unsubscribe().catch(() => {});
    signal?.addEventListener('abort', stop, { once: true });
    let position = fromPosition;
    try {
      for await (const resolved of subscription) {
        if (signal?.aborted) return;
        const event = toRecordedEvent(resolved);
        if (!event || event.globalPosition <= position || !isOurs(event)) continue;
        position = event.globalPosition;
        yield event;
      }
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    } finally {
      signal?.removeEventListener('abort', stop);
      await subscription.unsubscribe().catch(() => {});
    }
  }

  return {
    appendToStream: async (stream, events, { expectedRevision }) => {
      validateAppend(stream, events, { maxEvents: MAX_EVENTS_PER_APPEND });
      const data = events.map((event) =>
        jsonEvent({ id: event.id, type: event.type, data: (event.data ?? null) as JSONType, metadata: event.metadata }),
      );
      try {
        const result = await client.appendToStream(stream, data, { expectedRevision: toEsdbExpectedRevision(expectedRevision) });
        // A server may answer without a position; 0n then means "unknown", as on stream reads.
        return { nextExpectedRevision: result.nextExpectedRevision, position: result.position?.commit ?? 0n };
      } catch (error) {
        throw toWrongExpectedVersion(error, stream, expectedRevision);
      }
    },
    readStream,
    readAll,
    subscribeToAll,
    readHeadPosition: async () => {
      const read = client.readAll({ fromPosition: 'end', direction: 'backwards' });
      try {
        for await (const resolved of read) {
          const event = toRecordedEvent(resolved);
          if (event && isOurs(event)) return event.globalPosition;
        }
      } finally {
        await read.cancel().catch(() => {});
      }
      return 0n;
    },
    close: () => client.dispose(),
  };
};
