import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '../../src/port.ts';
import { testEvent } from '../test-event.ts';

/** What a contract run needs from an adapter. */
export type ContractSubject = {
  store: EventStore;
  /**
   * The same store, but every append holds its transaction open for a random while
   * before committing, so commit order differs from position order. Adapters without
   * client-side transactions leave it out.
   */
  slowCommitStore?: EventStore;
  /** EventStoreDB reads a stream from its index, which does not know global positions. */
  streamReadsHaveGlobalPositions: boolean;
  teardown(): Promise<void>;
};

export const TEST_EVENT_TYPES = ['ContractThingHappened', 'ContractOtherThingHappened'];

export const newEvent = (data: Record<string, unknown> = {}, type = TEST_EVENT_TYPES[0]!): NewEvent => testEvent(type, data);

export const newEvents = (count: number, data: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, index) => newEvent({ ...data, index }));

/** Stream names unique to one run, so a shared EventStoreDB never mixes runs. */
export const createStreamNamer = () => {
  const run = randomUUID().slice(0, 8);
  let counter = 0;
  return (label: string) => `contract-${run}-${label}-${(counter += 1)}`;
};

/** Reads the global log page by page from fromPosition up to and including untilPosition. */
export const readAllPages = async (
  store: EventStore,
  options: { fromPosition: bigint; untilPosition: bigint; pageSize: number },
) => {
  const events: RecordedEvent[] = [];
  let position = options.fromPosition;
  for (;;) {
    const page = await store.readAll({ fromPosition: position, maxCount: options.pageSize });
    for (const event of page) {
      if (event.globalPosition > options.untilPosition) return events;
      events.push(event);
    }
    if (page.length === 0) return events;
    position = page[page.length - 1]!.globalPosition;
  }
};

/**
 * Follows subscribeToAll until `until` says stop (or the timeout passes) and returns
 * everything it yielded, including events of other streams.
 */
export const followLog = (
  store: EventStore,
  options: { fromPosition: bigint; batchSize?: number; until: (seen: RecordedEvent[]) => boolean },
) => {
  const controller = new AbortController();
  const seen: RecordedEvent[] = [];
  const done = (async () => {
    for await (const event of store.subscribeToAll({
      fromPosition: options.fromPosition,
      batchSize: options.batchSize,
      signal: controller.signal,
    })) {
      seen.push(event);
      if (options.until(seen)) break;
    }
    return seen;
  })();
  const waitFor = async (timeoutMs: number) => {
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await done;
    } finally {
      clearTimeout(timer);
    }
  };
  return { seen, waitFor, stop: () => controller.abort() };
};

export const isIncreasing = (positions: bigint[]) =>
  positions.every((position, index) => index === 0 || position > positions[index - 1]!);
