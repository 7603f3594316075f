import type { EventStore } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { Pool } from '@acres/platform/db';
import type { RetryPolicy } from './apply.ts';
import type { Projection } from '@acres/read-models/projection';
import { createStatus, type ProjectionStatus } from './status.ts';
import { createLazySaves } from './lazy-saves.ts';
import { createLiveFeed } from './live-feed.ts';
import { createPageReader } from './page-reader.ts';
import { runWorker } from './worker.ts';

export type ProjectorOptions = {
  eventStore: EventStore;
  /** Each running projection holds one connection (it carries the ownership lock); size the pool for that. */
  pool: Pool;
  logger: Logger;
  projections: readonly Projection[];
  /** Events per transaction during catch-up and bursts. */
  batchSize?: number;
  /** For a failing event: tries in all, and the first back-off (doubled per try). Invalid event data is not retried. */
  retry?: Partial<RetryPolicy>;
  lockRetryMs?: number;
  failedPollMs?: number;
  errorDelayMs?: number;
};

export type Projector = {
  /** Lets each projection finish its current transaction, then gives up ownership. */
  stop(): Promise<void>;
  status(): ProjectionStatus[];
};

/**
 * Runs each projection independently: one failing or waiting projection never holds
 * up the others. Safe to run in several processes at once; one owns each projection
 * and the others stand by.
 */
export const startProjector = (options: ProjectorOptions): Projector => {
  const names = options.projections.map((projection) => projection.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new Error(`Two projections are named '${duplicate}'; checkpoints and locks are per name`);
  const batchSize = options.batchSize ?? 500;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);

  const controller = new AbortController();
  const feed = createLiveFeed({ eventStore: options.eventStore, logger: options.logger, batchSize });
  // Enough pages for the projections to spread over while the slowest catches up.
  const pages = createPageReader({
    eventStore: options.eventStore,
    batchSize,
    windowPages: Math.max(4, 2 * options.projections.length),
  });
  const lazySaves = createLazySaves({ db: options.pool });
  const statuses = options.projections.map((projection) => createStatus(projection.name));
  const workers = options.projections.map((projection, index) =>
    runWorker({
      projection,
      eventStore: options.eventStore,
      feed,
      pages,
      lazySaves,
      pool: options.pool,
      logger: options.logger.child({ projection: projection.name }),
      batchSize,
      retry: { attempts: options.retry?.attempts ?? 3, baseDelayMs: options.retry?.baseDelayMs ?? 200 },
      lockRetryMs: options.lockRetryMs ?? 1_000,
      failedPollMs: options.failedPollMs ?? 5_000,
      errorDelayMs: options.errorDelayMs ?? 500,
      signal: controller.signal,
      status: statuses[index]!,
    }).catch((error: unknown) => {
      // runWorker handles its own errors; reaching here is a bug worth shouting about.
      options.logger.fatal({ err: error, projection: projection.name }, 'projection worker crashed');
      statuses[index]!.state = 'stopped';
    }),
  );

  let stopping: Promise<void> | undefined;
  return {
    stop: () => {
      stopping ??= (async () => {
        controller.abort();
        await Promise.all(workers);
        await feed.close();
      })();
      return stopping;
    },
    status: () => statuses.map((status) => ({ ...status })),
  };
};
