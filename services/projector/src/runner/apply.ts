// Applies events to one projection on its owning connection: whole batches in one
// transaction, and event by event with retries when a batch fails, to find the poison
// event, apply what precedes it and stop there. Nothing is ever skipped.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { PoolClient } from '@acres/platform/db';
import { advanceCheckpoint, advanceCheckpointsLazily, markFailed } from './checkpoints.ts';
import type { LazySaves } from './lazy-saves.ts';
import {
  CheckpointConflictError,
  EventOrderError,
  describeError,
  isConnectionError,
  isDeterministicError,
  ProjectionEventError,
} from './errors.ts';
import type { Projection, ProjectionLog } from '../projections/projection.ts';
import type { ProjectionStatus } from './status.ts';
import { inTransaction, isConnectionAlive, sleep } from './transaction.ts';

export type RetryPolicy = { attempts: number; baseDelayMs: number };

export type ApplyContext = {
  projection: Projection;
  handles: ReadonlySet<string>;
  client: PoolClient;
  /** Handed to the projection's handlers (see ProjectionLog). */
  log?: ProjectionLog;
  /** Live runners' moves past unhandled pages, gathered across projections; else on `client`. */
  lazySaves?: LazySaves;
  logger: Logger;
  retry: RetryPolicy;
  signal: AbortSignal;
  status: ProjectionStatus;
  /**
   * Set while this runner has moved past pages it handles none of without writing the
   * checkpoint (more pages were waiting): the checkpoint as stored, and since when.
   */
  unsaved?: { persisted: bigint; since: number };
};

/** How long a runner reading full pages it handles none of may leave its stored checkpoint behind. */
export const MAX_UNSAVED_MS = 1_000;

/** The new checkpoint, or 'failed' when a poison event stopped the projection. */
export type ApplyOutcome = bigint | 'failed';

const applyEvents = async (context: ApplyContext, events: readonly RecordedEvent[]) => {
  const { projection, client, log } = context;
  if (events.length === 0) return;
  if (projection.applyBatch) return projection.applyBatch(client, events, log);
  for (const event of events) {
    try {
      await projection.apply(client, event, log);
    } catch (error) {
      throw error instanceof ProjectionEventError ? error : new ProjectionEventError({ event, cause: error });
    }
  }
};

const commit = async (context: ApplyContext, options: { events: readonly RecordedEvent[]; from: bigint; to: bigint }) => {
  await inTransaction(context.client, async () => {
    await applyEvents(context, options.events);
    await advanceCheckpoint(context.client, {
      name: context.projection.name,
      from: options.from,
      to: options.to,
      applied: options.events.length,
    });
  });
  context.status.position = options.to.toString();
  context.status.eventsApplied += options.events.length;
};

/**
 * Writes the checkpoint a runner kept in memory only (one statement, no transaction
 * block), so the stored checkpoint and the freshness waits see it.
 */
export const saveProgress = async (context: ApplyContext, position: bigint): Promise<void> => {
  const unsaved = context.unsaved;
  if (!unsaved) return;
  if (position > unsaved.persisted) {
    const move = { name: context.projection.name, from: unsaved.persisted, to: position };
    if (context.lazySaves) await context.lazySaves.save(move);
    else if (!(await advanceCheckpointsLazily(context.client, [move])).has(move.name))
      throw new CheckpointConflictError(move.name, move.from);
  }
  context.unsaved = undefined;
};

/** A store answering out of order would make the checkpoint skip events: refuse the page loudly instead. */
const assertInOrder = (events: readonly RecordedEvent[], after: bigint) => {
  let previous = after;
  for (const event of events) {
    if (event.globalPosition <= previous) {
      throw new EventOrderError(
        `event store returned position ${event.globalPosition} after ${previous}; the checkpoint will not move past it`,
      );
    }
    previous = event.globalPosition;
  }
};

/** Errors that are not about the event: the caller gives up ownership and starts over. */
const isInfrastructureFailure = async (context: ApplyContext, error: unknown) =>
  error instanceof CheckpointConflictError || isConnectionError(error) || !(await isConnectionAlive(context.client));

/**
 * Applies `events` (a slice of the global log right after `position`) and moves the
 * checkpoint to the last of them, in one transaction. A page the projection handles
 * none of costs no transaction: when `more` says the next page is already waiting, the
 * checkpoint moves in memory only (written with the next handled batch, when the runner
 * reaches the head, or after MAX_UNSAVED_MS); otherwise one UPDATE moves it, so a
 * freshness wait sees the projection past every event it has processed.
 */
export const applyPage = async (
  context: ApplyContext,
  page: readonly RecordedEvent[],
  position: bigint,
  options: { more?: boolean; maxUnsavedMs?: number } = {},
): Promise<ApplyOutcome> => {
  // A subscription that repeats the event at its start position must not re-count it.
  const events = page[0]?.globalPosition === position ? page.slice(1) : page;
  assertInOrder(events, position);
  const last = events.at(-1)?.globalPosition;
  if (last === undefined) return position;
  const handled = events.filter((event) => context.handles.has(event.type));
  if (handled.length === 0) {
    const now = performance.now();
    if (options.more === true && now - (context.unsaved?.since ?? now) < (options.maxUnsavedMs ?? MAX_UNSAVED_MS)) {
      context.unsaved ??= { persisted: position, since: now };
    } else {
      context.unsaved ??= { persisted: position, since: now };
      await saveProgress(context, last);
    }
    context.status.position = last.toString();
    return last;
  }
  const from = context.unsaved?.persisted ?? position;
  try {
    await commit(context, { events: handled, from, to: last });
    context.unsaved = undefined;
    return last;
  } catch (error) {
    if (await isInfrastructureFailure(context, error)) throw error;
    await saveProgress(context, position);
    context.logger.warn(
      { err: error, from: position, to: last, events: handled.length },
      'batch failed; applying its events one by one',
    );
    return applyOneByOne(context, events, position);
  }
};

const applyOneByOne = async (
  context: ApplyContext,
  events: readonly RecordedEvent[],
  position: bigint,
): Promise<ApplyOutcome> => {
  let current = position;
  for (const event of events) {
    if (!context.handles.has(event.type)) continue;
    if ((await applyWithRetries(context, event, current)) === 'failed') return 'failed';
    current = event.globalPosition;
  }
  const last = events.at(-1)!.globalPosition;
  // Unhandled events after the last handled one still move the checkpoint.
  if (last > current) await commit(context, { events: [], from: current, to: last });
  return last;
};

const applyWithRetries = async (context: ApplyContext, event: RecordedEvent, position: bigint): Promise<'applied' | 'failed'> => {
  const { attempts, baseDelayMs } = context.retry;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await commit(context, { events: [event], from: position, to: event.globalPosition });
      if (attempt > 1)
        context.logger.info({ eventId: event.id, position: event.globalPosition, attempt }, 'event applied after retry');
      return 'applied';
    } catch (error) {
      if (await isInfrastructureFailure(context, error)) throw error;
      if (isDeterministicError(error) || attempt >= attempts) {
        await stopOnPoisonEvent(context, event, position, error);
        return 'failed';
      }
      const delayMs = baseDelayMs * 2 ** (attempt - 1);
      context.logger.warn(
        { err: error, eventId: event.id, eventType: event.type, position: event.globalPosition, attempt, delayMs },
        'event failed; retrying',
      );
      await sleep(delayMs, context.signal);
    }
  }
};

const stopOnPoisonEvent = async (context: ApplyContext, event: RecordedEvent, position: bigint, error: unknown) => {
  const message = describeError(error);
  await markFailed(context.client, {
    name: context.projection.name,
    position,
    error: message,
    event: { id: event.id, type: event.type, globalPosition: event.globalPosition },
  });
  Object.assign(context.status, {
    state: 'failed',
    position: position.toString(),
    lastError: message,
    failedPosition: event.globalPosition.toString(),
    failedEventId: event.id,
    failedEventType: event.type,
    failedAt: new Date().toISOString(),
  } satisfies Partial<ProjectionStatus>);
  context.logger.error(
    { err: error, projection: context.projection.name, eventId: event.id, eventType: event.type, position: event.globalPosition },
    'projection stopped on a poison event; it stays stopped until the cause is fixed and it is resumed',
  );
};
