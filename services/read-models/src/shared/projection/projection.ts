import type { EventData, EventType } from '@acres/contracts/events';
import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { parseEventData as parseStoredEventData } from '../event-data.ts';
import { ProjectionEventError } from './errors.ts';

// One parse per event and type, however many projections read it: a page is shared by
// every projection of the process (rebuild lanes, catch-up workers), and validating a
// document against the catalogue costs more than mapping it to a row. Keyed by the data
// object, so the entry goes with the page; a failed parse is not kept (it throws again).
const parsed = new WeakMap<object, { type: string; data: unknown }>();

/** The account that made a record: the event's actor when a signed-in user, else null (a visitor, staff, the system). */
export const createdByUserOf = (event: Pick<RecordedEvent, 'metadata'>): string | null =>
  event.metadata.actor.kind === 'user' ? event.metadata.actor.id : null;

/** The contracts' parser (one for the projector and the query side's folds), once per stored event. */
export const parseEventData = <T extends EventType>(type: T, event: Pick<RecordedEvent, 'data'>): EventData<T> => {
  const key = event.data;
  if (typeof key !== 'object' || key === null) return parseStoredEventData(type, event);
  const hit = parsed.get(key);
  if (hit?.type === type) return hit.data as EventData<T>;
  const data = parseStoredEventData(type, event);
  parsed.set(key, { type, data });
  return data;
};

/**
 * The log, through the port, for the rare handler that must look back in it (an erasure
 * finding the events sealed for its subject). Live runners give it; rebuilds need none.
 */
export type ProjectionLog = Pick<EventStore, 'readAll'>;

/**
 * One read model. Handlers must be idempotent: a replayed event (checkpoint reset, or a
 * batch retried after a crash between COMMIT and the answer) must change nothing, so
 * rows are written with INSERT … ON CONFLICT DO NOTHING or guarded UPDATEs.
 */
export type Projection = {
  /** Checkpoint name; also the advisory-lock key. */
  name: string;
  /** Event types it reads; every other event only advances its checkpoint. */
  handles: readonly string[];
  /** The tables it owns (and nothing else writes), for status pages and the rebuild CLI. */
  tables?: readonly string[];
  apply(client: PoolClient, event: RecordedEvent, log?: ProjectionLog): Promise<void>;
  /**
   * The fast path: the same effect as apply() on each event in order, in fewer round
   * trips. The runner uses it for whole batches and falls back to apply() one event at
   * a time to find a poison event.
   */
  applyBatch?(client: PoolClient, events: readonly RecordedEvent[], log?: ProjectionLog): Promise<void>;
};

/** Quotes an SQL identifier (table names are configurable for versioned rebuilds). */
export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Maps each event to its row, naming the event whose data is invalid. */
export const mapEvents = <R>(events: readonly RecordedEvent[], map: (event: RecordedEvent) => R): R[] =>
  events.map((event) => {
    try {
      return map(event);
    } catch (error) {
      throw new ProjectionEventError({ event, cause: error });
    }
  });

/** The parsed events of one kind, in log order. */
export const ofKind = <P extends { kind: string }, K extends P['kind']>(parsed: readonly P[], kind: K) =>
  parsed.filter((item): item is Extract<P, { kind: K }> => item.kind === kind);

/**
 * The first decision of each id in log order: a decided payment or sale stays decided,
 * within a batch as across batches (the SQL only updates rows still pending).
 */
export const firstDecisionPerId = <D extends { id: string }>(decisions: Iterable<D>): D[] => {
  const first = new Map<string, D>();
  for (const decision of decisions) if (!first.has(decision.id)) first.set(decision.id, decision);
  return [...first.values()];
};
