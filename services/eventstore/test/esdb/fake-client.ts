// A stand-in for @eventstore/db-client's gRPC client in unit tests of the adapter's
// retry and resubscribe logic: each call follows a script (answer, fail, drop, hang).
// It replaces the library boundary, not our event store: the adapter code under test is real.

import type { AllStreamResolvedEvent, AppendResult, EventData, ReadPosition } from '@eventstore/db-client';
import type { NewEvent, RecordedEvent } from '../../src/port.ts';
import type { EsdbClient, EsdbRead, EsdbSubscription } from '../../src/esdb/client.ts';
import { createEsdbEventStore } from '../../src/esdb/esdb-event-store.ts';

export const TEST_TYPE = 'TestHappened';

const metadata = {
  correlationId: 'c',
  actor: { kind: 'visitor', id: null },
  schemaVersion: 1,
  occurredAt: '2026-01-01T00:00:00.000Z',
};

/** An event of ours at commit position `position` (a multiple of 100 keeps them apart). */
export const esdbEvent = (position: bigint, options: { type?: string; createdAt?: Date } = {}): AllStreamResolvedEvent =>
  ({
    event: {
      streamId: `test-${position}`,
      id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
      isJson: true,
      revision: 0n,
      type: options.type ?? TEST_TYPE,
      created: options.createdAt ?? new Date('2026-01-01T00:00:00Z'),
      data: { n: Number(position) },
      metadata,
      position: { commit: position, prepare: position },
    },
    commitPosition: position,
  }) as AllStreamResolvedEvent;

/** What one subscribeToAll call does: deliver these events, then fail, end, or stay open. */
export type SubscriptionScript = { events: AllStreamResolvedEvent[]; then: { error: Error } | 'end' | 'hang' };

/** What one readAll call does: deliver these events, or fail before the first one. */
export type ReadScript = AllStreamResolvedEvent[] | { error: Error };

export type FakeClient = EsdbClient & {
  appendCalls: { stream: string; ids: string[] }[];
  readAllCalls: { fromPosition: ReadPosition | undefined; direction: string | undefined }[];
  subscribeCalls: ReadPosition[];
  unsubscribed: number;
  disposed: boolean;
};

const toReadable = <E>(items: E[], failure?: Error): EsdbRead<E> => ({
  async *[Symbol.asyncIterator]() {
    if (failure) throw failure;
    yield* items;
  },
  cancel: async () => {},
});

export const createFakeClient = (script: {
  appends?: (AppendResult | { error: Error })[];
  reads?: ReadScript[];
  subscriptions?: SubscriptionScript[];
}): FakeClient => {
  const appends = [...(script.appends ?? [])];
  const reads = [...(script.reads ?? [])];
  const subscriptions = [...(script.subscriptions ?? [])];
  const fake: FakeClient = {
    appendCalls: [],
    readAllCalls: [],
    subscribeCalls: [],
    unsubscribed: 0,
    disposed: false,
    appendToStream: async (stream: string, events: EventData[]) => {
      fake.appendCalls.push({ stream, ids: events.map((event) => event.id) });
      const next = appends.shift();
      if (!next) throw new Error('fake client: no append scripted');
      if ('error' in next) throw next.error;
      return next;
    },
    readStream: () => toReadable([]),
    readAll: (options = {}) => {
      fake.readAllCalls.push({ fromPosition: options.fromPosition, direction: options.direction });
      const next = reads.shift();
      if (!next) throw new Error('fake client: no read scripted');
      return Array.isArray(next) ? toReadable(next) : toReadable<AllStreamResolvedEvent>([], next.error);
    },
    subscribeToAll: (options = {}): EsdbSubscription => {
      fake.subscribeCalls.push(options.fromPosition ?? 'start');
      const next = subscriptions.shift() ?? { events: [], then: 'hang' };
      let release = () => {};
      const unsubscribed = new Promise<void>((resolve) => (release = resolve));
      let stopped = false;
      return {
        async *[Symbol.asyncIterator]() {
          for (const event of next.events) {
            if (stopped) return;
            yield event;
          }
          if (next.then === 'hang') await unsubscribed;
          else if (next.then !== 'end' && !stopped) throw next.then.error;
        },
        unsubscribe: async () => {
          if (!stopped) fake.unsubscribed += 1;
          stopped = true;
          release();
        },
      };
    },
    dispose: async () => {
      fake.disposed = true;
    },
  };
  return fake;
};

// --- the store over a fake client, with recorded waits and fixed jitter ---------------------

export const POLICY = { attempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 };

export const storeOver = (client: FakeClient) => {
  const waits: number[] = [];
  const store = createEsdbEventStore({
    connectionString: 'esdb://unused:2113',
    client,
    eventTypes: [TEST_TYPE],
    retry: POLICY,
    random: () => 0.5,
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return { store, waits };
};

export const newEvent = (id: string): NewEvent => ({
  id,
  type: TEST_TYPE,
  data: {},
  metadata: {
    correlationId: 'c',
    actor: { kind: 'visitor', id: null },
    schemaVersion: 1,
    occurredAt: '2026-01-01T00:00:00.000Z',
  },
});
export const ID = '4f7c5d46-2a9f-4a55-9c43-7f6d3f0a0b11';
export const appended = { success: true, nextExpectedRevision: 0n, position: { commit: 700n, prepare: 700n } };

export const take = async (events: AsyncIterable<RecordedEvent>, count: number) => {
  const taken: bigint[] = [];
  for await (const event of events) {
    taken.push(event.globalPosition);
    if (taken.length === count) break;
  }
  return taken;
};
