// Where the Operations tab's work runs: in the projector process (inside `npm start`, or
// the projector service deployed alone), never in the command API. The command API only
// records the request (projection_operations, and ProjectionRebuildRequested in the log);
// a projector process claims it here (FOR UPDATE SKIP LOCKED: with several projectors one
// takes it) and runs the CLI's own code: the rebuild with its atomic swap, resume, skip.
// A rebuild can take minutes and needs the projections' code, which only the projector has;
// the command API and the query API stay thin and deployable apart.

import type { EventStore } from '@acres/eventstore/port';
import type { Pool, PoolClient } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { liveProjectionName } from '@acres/read-models/checkpoints';
import { ProjectionLockTimeoutError } from '../runner/command-lock.ts';
import { SkipRefusedError } from '../runner/dead-letter.ts';
import { findRebuildRecipe, rebuildableNames } from '../rebuild/targets.ts';
import { countEventsAfterIn, runRecordedRebuild } from './rebuild-operation.ts';
import { resumeRecorded, skipRecorded } from './resume-skip.ts';
import { claimOperation, finishOperation, releaseOperation, sweepOperations, type OperationRow } from './store.ts';

export type OperationsWorker = { stop(): Promise<void> };

type WorkerContext = {
  pool: Pool;
  eventStore: EventStore;
  logger: Logger;
  signal: AbortSignal;
  countEvents: boolean;
  sweptAt: number;
};

const refusalOf = (operation: OperationRow) => {
  const name = operation.projection;
  if (!rebuildableNames().includes(liveProjectionName(name))) return `No projection is named '${name}'`;
  if (operation.kind === 'rebuild' && !findRebuildRecipe(name)) return `'${name}' is not a projection that can be rebuilt`;
  return null;
};

const refuse = (pool: Pool, operation: OperationRow, refusal: 'not_found' | 'conflict', message: string) =>
  finishOperation(pool, [operation.id], { status: 'refused', refusal, message });

const rebuild = async (context: WorkerContext, operation: OperationRow) => {
  await runRecordedRebuild({
    pool: context.pool,
    eventStore: context.eventStore,
    logger: context.logger,
    recipes: [findRebuildRecipe(operation.projection)!],
    operationIds: [operation.id],
    operator: operation.operator,
    signal: context.signal,
    ...(context.countEvents ? { countEventsAfter: countEventsAfterIn(context.eventStore) } : {}),
  }).catch((error: unknown) =>
    // Recorded on the operation and in the log already; the admin sees it on the progress bar.
    context.logger.warn({ err: error, projection: operation.projection }, 'rebuild requested by the admin failed'),
  );
};

const resume = async (context: WorkerContext, operation: OperationRow) => {
  const { pool, eventStore } = context;
  const name = operation.projection;
  const resumed = await resumeRecorded({ pool, eventStore, name, operator: operation.operator });
  if (!resumed) return refuse(pool, operation, 'conflict', `'${name}' is not stopped on a failing event; nothing was changed`);
  return finishOperation(pool, [operation.id], { status: 'done', message: `${name} resumed` });
};

const skip = async (context: WorkerContext, operation: OperationRow) => {
  const { pool, eventStore } = context;
  const name = operation.projection;
  try {
    const parked = await skipRecorded({
      pool,
      eventStore,
      name,
      position: operation.position ?? 0n,
      reason: operation.reason ?? '',
      operator: operation.operator,
    });
    return finishOperation(pool, [operation.id], {
      status: 'done',
      message: `parked ${parked.eventType} ${parked.eventId} (position ${parked.position}); ${name} goes on after it`,
    });
  } catch (error) {
    if (error instanceof SkipRefusedError || error instanceof ProjectionLockTimeoutError)
      return refuse(pool, operation, 'conflict', error.message);
    throw error;
  }
};

const execute = async (context: WorkerContext, operation: OperationRow) => {
  switch (operation.kind) {
    case 'rebuild':
      return rebuild(context, operation);
    case 'resume':
      return resume(context, operation);
    case 'skip':
      return skip(context, operation);
    default: {
      const never: never = operation.kind;
      throw new Error(`unknown operation ${String(never)}`);
    }
  }
};

const SWEEP_EVERY_MS = 5_000;

const runOnce = async (context: WorkerContext) => {
  if (performance.now() - context.sweptAt >= SWEEP_EVERY_MS) {
    context.sweptAt = performance.now();
    await sweepOperations(context.pool);
  }
  let client: PoolClient | null = await context.pool.connect();
  let operation: OperationRow | null = null;
  try {
    const claimed = await claimOperation(client, refusalOf);
    if (claimed === 'refused') return true;
    operation = claimed;
    if (!operation) return false;
    try {
      await execute(context, operation);
    } catch (error) {
      context.logger.error({ err: error, operation: operation.id }, 'projection operation failed');
      const message = error instanceof Error ? error.message : String(error);
      await finishOperation(context.pool, [operation.id], { status: 'failed', message });
    }
    return true;
  } finally {
    if (operation) {
      const held = client;
      client = null;
      const ok = await releaseOperation(held, operation.id).then(
        () => true,
        () => false,
      );
      held.release(!ok || undefined);
    }
    client?.release();
  }
};

/** Polls for requests every pollMs while idle (one read of a partial index; an admin waits at most that long). */
export const startOperationsWorker = (options: {
  pool: Pool;
  eventStore: EventStore;
  logger: Logger;
  /** The PostgreSQL event store: progress counts events exactly (else positions). */
  countEvents: boolean;
  pollMs?: number;
}): OperationsWorker => {
  const controller = new AbortController();
  const context: WorkerContext = { ...options, signal: controller.signal, sweptAt: -Infinity };
  const pollMs = options.pollMs ?? 200;
  const sleep = () =>
    new Promise<void>((resolve) => {
      if (controller.signal.aborted) return resolve();
      const wake = () => {
        clearTimeout(timer);
        controller.signal.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, pollMs);
      controller.signal.addEventListener('abort', wake, { once: true });
    });
  const loop = (async () => {
    while (!controller.signal.aborted) {
      const worked = await runOnce(context).catch((error: unknown) => {
        if (!controller.signal.aborted) options.logger.warn({ err: error }, 'projection operations: poll failed');
        return false;
      });
      if (!worked) await sleep();
    }
  })();
  return {
    stop: async () => {
      controller.abort();
      await loop;
    },
  };
};
