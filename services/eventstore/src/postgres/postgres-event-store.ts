import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from '../port.ts';
import { appendEvents, MAX_EVENTS_PER_APPEND, type NewSubjectKey } from './append.ts';
import { createAppendBatcher, type AppendHooks } from './append-batch.ts';
import { assertPositionsBehindTransactionIds } from './guard.ts';
import { createNotificationListener, createNotifier } from './notifications.ts';
import { countRange, readHeadBefore, readRange } from './range-sql.ts';
import { readLogPage, readLogPageWithHorizon, readStreamEvents } from './read.ts';
import { subscribeToLog, subscribeToLogPages, type LogSource } from './subscribe.ts';

export type PostgresEventStoreOptions = {
  /** Not ended by close(): whoever created it owns it. */
  pool: Pool;
  /**
   * For the dedicated LISTEN connection (a pooled connection cannot hold LISTEN). A store that
   * only reads and appends needs none; its subscribers would then find new events by polling.
   */
  connectionString?: string;
  /** Longest a subscriber waits without a NOTIFY before it looks again. */
  pollIntervalMs?: number;
  logger?: Logger;
  /** Test-only hooks; see AppendHooks. */
  hooks?: AppendHooks;
  /** Group commit: append batches sent at once (see append-batch.ts). */
  maxConcurrentAppends?: number;
};

/**
 * Marks a store that can write subject keys in the append's own transaction, on this pool
 * (the protection layer uses it when its key vault is on the same database).
 */
export const APPEND_WITH_SUBJECT_KEYS = Symbol('appendWithSubjectKeys');

export type SubjectKeyAppender = {
  pool: Pool;
  append: (
    stream: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
    subjectKeys: readonly NewSubjectKey[],
  ) => Promise<AppendResult>;
};

/**
 * The PostgreSQL event store (schema: infra/migrations/1700000000001_event-store.sql).
 *
 * Idempotent retry: appending events whose ids are all already in the stream,
 * consecutively and in the same order, starting where the expected revision points
 * (revision + 1; 0 for no_stream; anywhere for any and stream_exists), writes nothing and
 * answers the first append's result. Ids already stored in any other way fail with
 * EventIdConflictError when the expected revision holds, and with
 * WrongExpectedVersionError when it does not.
 */
export const createPostgresEventStore = (
  options: PostgresEventStoreOptions,
): EventStore & { [APPEND_WITH_SUBJECT_KEYS]: SubjectKeyAppender } => {
  const { pool, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const listener = createNotificationListener({ connectionString: options.connectionString, logger });
  const notifier = createNotifier({ pool, logger });
  // Once per store; a failed or alarming check is repeated on the next append.
  let positionsChecked: Promise<void> | null = null;
  const checkPositions = () =>
    (positionsChecked ??= assertPositionsBehindTransactionIds(pool).catch((error: unknown) => {
      positionsChecked = null;
      throw error;
    }));

  const batcher = createAppendBatcher({
    pool,
    hooks: options.hooks,
    maxInFlight: options.maxConcurrentAppends,
    maxEvents: MAX_EVENTS_PER_APPEND,
  });
  const append: SubjectKeyAppender['append'] = async (stream, events, { expectedRevision }, subjectKeys) => {
    await checkPositions();
    const result = await appendEvents({ pool, batcher, stream, events, expectedRevision, subjectKeys });
    // Subscribers of this process need no round trip; other processes hear the NOTIFY.
    listener.wakeAll();
    notifier.notify();
    return result;
  };

  const logSource: LogSource = {
    readPage: (fromPosition, maxCount) => readLogPageWithHorizon(pool, { fromPosition, maxCount }),
    register: listener.register,
    isClosed: listener.isClosed,
  };

  return {
    [APPEND_WITH_SUBJECT_KEYS]: { pool, append },
    appendToStream: (stream, events, appendOptions) => append(stream, events, appendOptions, []),
    readStream: (stream, readOptions) => readStreamEvents(pool, stream, readOptions),
    // The plain forward page is the subscriptions' read, shared and cached (read.ts).
    readAll: (readOptions = {}) =>
      readOptions.toPosition === undefined &&
      readOptions.filter === undefined &&
      readOptions.direction !== 'backward' &&
      !readOptions.unsettled
        ? readLogPage(pool, readOptions)
        : readRange(pool, readOptions),
    countEvents: (countOptions = {}) => countRange(pool, countOptions),
    readHeadPosition: (headOptions = {}) => readHeadBefore(pool, headOptions.before),
    subscribeToAll: (subscribeOptions = {}) => subscribeToLog(logSource, { ...subscribeOptions, pollIntervalMs, logger }),
    subscribeToAllPages: (subscribeOptions = {}) =>
      subscribeToLogPages(logSource, { ...subscribeOptions, pollIntervalMs, logger }),
    close: async () => {
      await notifier.flush();
      await listener.close();
    },
  };
};
