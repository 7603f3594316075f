// An EventStoreDB server in memory, behind the gRPC client's boundary (src/esdb/client.ts):
// streams with expected revisions and idempotent retries of the same event ids, $all in
// commit-position order read either way, and live $all subscriptions. The adapter's own code
// runs over it unchanged, so the contract suite and the services' specs can run the esdb
// adapter without a server. Like the server it answers stream reads without commit positions.

import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendToStreamOptions,
  type EventData,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
  type SubscribeToAllOptions,
} from '@eventstore/db-client';
import type { EsdbClient, EsdbRead, EsdbSubscription } from '../../src/esdb/client.ts';

type Stored = {
  streamId: string;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  revision: bigint;
  created: Date;
  position: bigint;
};

export type InMemoryEsdbClient = EsdbClient & { readonly log: readonly Stored[] };

const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

const toResolved = (stored: Stored, withPosition: boolean) => ({
  event: {
    streamId: stored.streamId,
    id: stored.id,
    isJson: true,
    revision: stored.revision,
    type: stored.type,
    created: stored.created,
    data: copy(stored.data),
    metadata: copy(stored.metadata),
    ...(withPosition && { position: { commit: stored.position, prepare: stored.position } }),
  },
  ...(withPosition && { commitPosition: stored.position }),
});

const readable = <E>(items: () => Iterable<E>): EsdbRead<E> => ({
  async *[Symbol.asyncIterator]() {
    yield* items();
  },
  cancel: async () => {},
});

const positionOf = (from: ReadAllOptions['fromPosition'], fallback: bigint) =>
  from === undefined || from === START ? 0n : from === END ? fallback : from.commit;

export const createInMemoryEsdbClient = (): InMemoryEsdbClient => {
  const log: Stored[] = [];
  const streams = new Map<string, Stored[]>();
  const wakers = new Set<() => void>();
  // Commit positions grow by a stride, as the server's do (they are byte offsets).
  let nextPosition = 1000n;

  /** The result of a retry of events already stored right after `after` (-1: from the start), or null. */
  const alreadyStored = (stream: Stored[], events: EventData[], after: bigint) => {
    const slice = stream.slice(Number(after + 1n), Number(after + 1n) + events.length);
    if (slice.length !== events.length || slice.some((stored, index) => stored.id !== events[index]!.id)) return null;
    const last = slice.at(-1)!;
    return {
      success: true as const,
      nextExpectedRevision: last.revision,
      position: { commit: last.position, prepare: last.position },
    };
  };

  const appendToStream = async (streamName: string, events: EventData[], options: AppendToStreamOptions = {}) => {
    const stream = streams.get(streamName) ?? [];
    const current = stream.length === 0 ? null : BigInt(stream.length - 1);
    const expected = options.expectedRevision ?? ANY;
    if (events.length > 0) {
      const firstAt = stream.findIndex((stored) => stored.id === events[0]!.id);
      const retry =
        typeof expected === 'bigint'
          ? alreadyStored(stream, events, expected)
          : firstAt >= 0 && (expected !== NO_STREAM || firstAt === 0)
            ? alreadyStored(stream, events, BigInt(firstAt) - 1n)
            : null;
      if (retry) return retry;
    }
    const refused =
      (expected === NO_STREAM && current !== null) ||
      (expected === STREAM_EXISTS && current === null) ||
      (typeof expected === 'bigint' && expected !== current);
    if (refused)
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected: expected as bigint,
        current: current ?? NO_STREAM,
      } as never);
    for (const event of events) {
      const stored: Stored = {
        streamId: streamName,
        id: event.id,
        type: event.type,
        data: copy(event.data),
        metadata: copy(event.metadata),
        revision: BigInt(stream.length),
        created: new Date(),
        position: (nextPosition += 100n),
      };
      stream.push(stored);
      log.push(stored);
    }
    streams.set(streamName, stream);
    for (const wake of wakers) wake();
    const last = stream.at(-1)!;
    return {
      success: true as const,
      nextExpectedRevision: last.revision,
      position: { commit: last.position, prepare: last.position },
    };
  };

  const readStream = (streamName: string, options: ReadStreamOptions = {}): EsdbRead<ResolvedEvent> =>
    readable(() => {
      const stream = streams.get(streamName);
      if (!stream) throw new StreamNotFoundError(undefined, streamName);
      const backwards = options.direction === BACKWARDS;
      const from = options.fromRevision;
      const start = from === undefined || from === START ? (backwards ? Infinity : 0) : from === END ? Infinity : Number(from);
      const picked = backwards ? stream.filter((e) => Number(e.revision) <= start).reverse() : stream.slice(start);
      return picked
        .slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))
        .map((e) => toResolved(e, false) as ResolvedEvent);
    });

  const readAll = (options: ReadAllOptions = {}): EsdbRead<AllStreamResolvedEvent> =>
    readable(() => {
      const backwards = options.direction === BACKWARDS;
      const from = positionOf(options.fromPosition, nextPosition);
      const picked = backwards ? log.filter((e) => e.position <= from).reverse() : log.filter((e) => e.position >= from);
      return picked
        .slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))
        .map((e) => toResolved(e, true) as AllStreamResolvedEvent);
    });

  const subscribeToAll = (options: SubscribeToAllOptions = {}): EsdbSubscription => {
    const prefixes = (options.filter as { prefixes?: string[] } | undefined)?.prefixes;
    const position = positionOf(options.fromPosition, nextPosition);
    let stopped = false;
    let wake = () => {};
    return {
      async *[Symbol.asyncIterator]() {
        // The log only grows, in position order: an index walks it.
        let index = log.findIndex((e) => e.position > position);
        if (index < 0) index = log.length;
        while (!stopped) {
          const next = log[index];
          if (next) {
            index += 1;
            if (!prefixes || prefixes.some((prefix) => next.type.startsWith(prefix)))
              yield toResolved(next, true) as AllStreamResolvedEvent;
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            wakers.add(resolve);
          });
          wakers.delete(wake);
        }
      },
      unsubscribe: async () => {
        stopped = true;
        wake();
      },
    };
  };

  return { log, appendToStream, readStream, readAll, subscribeToAll, dispose: async () => {} };
};
