/**
 * The event store port. Both adapters (PostgreSQL, EventStoreDB) implement it and pass
 * the same contract test suite. Positions are bigint: EventStoreDB's commit positions
 * are 64-bit, and the PostgreSQL global position is a bigint sequence.
 */

/** A number is the revision (0-based stream position) of the stream's last event. */
export type ExpectedRevision = bigint | 'no_stream' | 'stream_exists' | 'any';

export type Actor = { kind: 'visitor' | 'user' | 'admin' | 'system'; id: string | null };

export type EventMetadata = {
  correlationId: string;
  causationId?: string | null;
  actor: Actor;
  schemaVersion: number;
  occurredAt: string;
  idempotencyKey?: string;
  [key: string]: unknown;
};

export type NewEvent = {
  /** uuid; appending the same id again to the same stream at the same place is an idempotent no-op. */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
};

export type RecordedEvent = {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based position within its stream (the stream's revision after this event). */
  streamPosition: bigint;
  /**
   * Position in the global log; strictly increasing in the order readers see events.
   * PostgreSQL positions are sparse (derived from transaction ids) and always > 0.
   * EventStoreDB does not know it on stream reads (readStream), where it is 0n.
   */
  globalPosition: bigint;
  createdAt: Date;
};

export type AppendResult = {
  /** Revision of the stream after the append (its last event's streamPosition). */
  nextExpectedRevision: bigint;
  /** Global position of the last appended event. */
  position: bigint;
};

/**
 * The event's data holds one of `values` (strings) at `path`, a list of keys from the top of
 * the data; a '*' step stands for every element of an array found there.
 */
export type DataMatch = { path: readonly string[]; values: readonly string[] };

/** Which events of the global log a read keeps: every part given must hold (an empty list holds for none). */
export type EventFilter = {
  streamIds?: readonly string[];
  types?: readonly string[];
  /** At least one of them holds. */
  data?: readonly DataMatch[];
};

/** A stretch of the global log: positions past fromPosition, up to and including toPosition. */
export type LogRange = {
  /** Exclusive; 0n (the default) is the start of the log. */
  fromPosition?: bigint;
  /** Inclusive; the head of the log by default. */
  toPosition?: bigint;
  filter?: EventFilter;
  /**
   * Also committed events that readers following the log do not see yet (PostgreSQL's
   * visibility horizon): for a lookup that must find what was just written. Not for paging
   * through the log: an event may still commit below one read this way.
   */
  unsettled?: boolean;
};

export type ReadAllOptions = LogRange & {
  /** Forward reads start at the low end of the range, backward ones at its high end. */
  direction?: 'forward' | 'backward';
  /** Events per page (default 1000). */
  maxCount?: number;
};

export type CountEventsOptions = LogRange & {
  /** Counting stops here: a store that must read events to count them reads no more than this. */
  max?: number;
};

export type SubscribeToAllOptions = {
  fromPosition?: bigint;
  signal?: AbortSignal;
  /** Batch size while catching up. */
  batchSize?: number;
  /**
   * Following live, the least time between two reads of the log (default 0): appends that
   * land meanwhile are read together. A store that pushes events ignores it.
   */
  minReadGapMs?: number;
};

export type EventStore = {
  appendToStream(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** Events of one stream in order; [] when the stream does not exist. */
  readStream(stream: string, options?: { fromRevision?: bigint; maxCount?: number }): Promise<RecordedEvent[]>;
  /** A page of the global log in position order (descending when read backward). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** How many events of the global log a range holds (at most `max`). */
  countEvents(options?: CountEventsOptions): Promise<number>;
  /**
   * Catches up from fromPosition, then follows live; yields every event exactly once in
   * strictly increasing globalPosition. Ends when the signal aborts.
   */
  subscribeToAll(options?: SubscribeToAllOptions): AsyncIterable<RecordedEvent>;
  /**
   * The same subscription a page at a time, where the store reads in pages: a wrapper that
   * does work per read (opening sealed fields: one key lookup) does it once per page.
   */
  subscribeToAllPages?(options?: SubscribeToAllOptions): AsyncIterable<readonly RecordedEvent[]>;
  /**
   * Position of the last event readers may see (0n when the log is empty); with `before`, of
   * the last one recorded before that time.
   */
  readHeadPosition(options?: { before?: Date }): Promise<bigint>;
  close(): Promise<void>;
};

export class WrongExpectedVersionError extends Error {
  readonly stream: string;
  readonly expected: ExpectedRevision;
  readonly actual: bigint | 'no_stream';
  constructor(options: { stream: string; expected: ExpectedRevision; actual: bigint | 'no_stream' }) {
    super(
      `Wrong expected version on stream ${options.stream}: expected ${String(options.expected)}, actual ${String(options.actual)}`,
    );
    this.name = 'WrongExpectedVersionError';
    this.stream = options.stream;
    this.expected = options.expected;
    this.actual = options.actual;
  }
}

export const isWrongExpectedVersion = (error: unknown): error is WrongExpectedVersionError =>
  error instanceof WrongExpectedVersionError;

/**
 * An append carried event ids that the store already holds somewhere other than as an
 * idempotent retry of the same append (another stream, or other positions).
 */
export class EventIdConflictError extends Error {
  readonly stream: string;
  readonly eventIds: string[];
  constructor(options: { stream: string; eventIds: string[] }) {
    super(`Event ids already stored elsewhere, cannot append them to stream ${options.stream}: ${options.eventIds.join(', ')}`);
    this.name = 'EventIdConflictError';
    this.stream = options.stream;
    this.eventIds = options.eventIds;
  }
}

/** An append the store refuses before writing anything: no events, a malformed id, too many events. */
export class InvalidAppendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAppendError';
  }
}
