import { END, jsonEvent, StreamNotFoundError, type JSONType } from '@eventstore/db-client';
import { EVENT_TYPES } from '@acres/contracts/events';
import type { Logger } from '@acres/platform/logger';
import { WrongExpectedVersionError, type EventStore, type ExpectedRevision, type NewEvent, type RecordedEvent } from '../port.ts';
import { validateAppend } from '../validate-append.ts';
import { chainEsdbEvents, streamHeadOf } from './chain.ts';
import { connectEsdbClient, type EsdbClient } from './client.ts';
import { createEventFilter, toEsdbExpectedRevision, toRecordedEvent, toWrongExpectedVersion } from './mapping.ts';
import { countRange, readHeadBefore, readRange } from './read-all.ts';
import { DEFAULT_RETRY_POLICY, withRetry, type RetryPolicy } from './retry.ts';
import { subscribeWithResubscribe } from './subscribe.ts';

export type EsdbEventStoreOptions = {
  connectionString: string;
  /** Type prefixes of the events that make up our global log; the contracts' event catalogue by default. */
  eventTypes?: string[];
  logger?: Logger;
  /** Reads, appends and resubscriptions after an unavailable server. */
  retry?: Partial<RetryPolicy>;
  /** Tests: a stand-in for the gRPC client. The store disposes it on close. */
  client?: EsdbClient;
  /** Tests: deterministic jitter and waits. */
  random?: () => number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

const MAX_EVENTS_PER_APPEND = 65_536;
// An append with any or stream_exists loses each round to one racing append at most, so it
// is tried again once per writer racing it (the contract races eight).
const PINNED_APPEND_ATTEMPTS = 32;

export class EventStoreClosedError extends Error {
  override name = 'EventStoreClosedError';
  constructor() {
    super('The EventStoreDB event store is closed');
  }
}

/**
 * The EventStoreDB event store: streams map 1:1, the global log is $all filtered to our
 * events. Idempotent retries are EventStoreDB's own: the same event ids at the same
 * expected revision succeed again without writing, which is also what makes retrying an
 * append after an unavailable server safe.
 */
export const createEsdbEventStore = (options: EsdbEventStoreOptions): EventStore => {
  const client: EsdbClient = options.client ?? connectEsdbClient(options.connectionString);
  const eventTypes = options.eventTypes ?? [...EVENT_TYPES];
  if (eventTypes.length === 0) throw new Error('eventTypes must name at least one event type');
  const isOurs = createEventFilter(eventTypes);
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  // Aborted on close: waits between retries end and live subscriptions stop.
  const closing = new AbortController();
  let closed: Promise<void> | null = null;

  const retrying = <T>(what: string, operation: () => Promise<T>) => {
    if (closing.signal.aborted) return Promise.reject(new EventStoreClosedError());
    return withRetry(operation, {
      policy,
      signal: closing.signal,
      random: options.random,
      wait: options.wait,
      onRetry: ({ error, attempt, delayMs }) =>
        options.logger?.warn({ err: error, attempt, delayMs, operation: what }, 'EventStoreDB unavailable; retrying'),
    });
  };

  const readStream: EventStore['readStream'] = (stream, readOptions = {}) =>
    retrying('readStream', async () => {
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
    });

  const scan = { client, isOurs };
  const readAll: EventStore['readAll'] = (readOptions = {}) => retrying('readAll', () => readRange(scan, readOptions));

  const readLastEvent = (stream: string) =>
    retrying('readStream', async () => {
      try {
        for await (const resolved of client.readStream(stream, { direction: 'backwards', fromRevision: END, maxCount: 1 })) {
          return toRecordedEvent(resolved) ?? undefined;
        }
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
      return undefined;
    });

  const appendOnce = async (stream: string, events: NewEvent[], expectedRevision: ExpectedRevision) => {
    const data = events.map((event) =>
      jsonEvent({ id: event.id, type: event.type, data: (event.data ?? null) as JSONType, metadata: event.metadata }),
    );
    // The same ids again: a retry of an append that did land is acknowledged, not written twice.
    const result = await retrying('appendToStream', () =>
      client.appendToStream(stream, data, { expectedRevision: toEsdbExpectedRevision(expectedRevision) }),
    );
    // A server may answer without a position; 0n then means "unknown", as on stream reads.
    return { nextExpectedRevision: result.nextExpectedRevision, position: result.position?.commit ?? 0n };
  };

  async function* subscribeToAll({ fromPosition = 0n, signal }: Parameters<EventStore['subscribeToAll']>[0] = {}) {
    if (signal?.aborted || closing.signal.aborted) return;
    const stop = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
    yield* subscribeWithResubscribe(
      { client, eventTypes, isOurs, policy, logger: options.logger, random: options.random, wait: options.wait },
      { fromPosition, signal: stop },
    );
  }

  return {
    appendToStream: async (stream, events, { expectedRevision }) => {
      validateAppend(stream, events, { maxEvents: MAX_EVENTS_PER_APPEND });
      for (let attempt = 1; ; attempt += 1) {
        // Each hash chains from the stream's last event (its metadata), so the append must
        // land right after the head read here: any and stream_exists are pinned to it and
        // tried again when another append got in between.
        const last = await readLastEvent(stream);
        // A retry of an append that landed: EventStoreDB's own idempotency answers it, and
        // pinning the revision would write the events a second time instead.
        if (last && events.some((event) => event.id.toLowerCase() === last.id.toLowerCase())) {
          return await appendOnce(stream, events, expectedRevision).catch((error: unknown) => {
            throw toWrongExpectedVersion(error, stream, expectedRevision);
          });
        }
        const head = streamHeadOf(last);
        const pinned =
          typeof expectedRevision === 'bigint' || expectedRevision === 'no_stream' ? expectedRevision : (head?.revision ?? null);
        if (pinned === null && expectedRevision === 'stream_exists') {
          throw new WrongExpectedVersionError({ stream, expected: expectedRevision, actual: 'no_stream' });
        }
        try {
          return await appendOnce(stream, chainEsdbEvents(stream, head, events), pinned ?? 'no_stream');
        } catch (error) {
          const mapped = toWrongExpectedVersion(error, stream, expectedRevision);
          if (mapped instanceof WrongExpectedVersionError && pinned !== expectedRevision && attempt < PINNED_APPEND_ATTEMPTS)
            continue;
          throw mapped;
        }
      }
    },
    readStream,
    readAll,
    subscribeToAll,
    countEvents: (countOptions = {}) => retrying('countEvents', () => countRange(scan, countOptions)),
    readHeadPosition: (headOptions = {}) => retrying('readHeadPosition', () => readHeadBefore(scan, headOptions.before)),
    close: () => {
      closed ??= (async () => {
        closing.abort();
        await client.dispose();
      })();
      return closed;
    },
  };
};
