// A rebuild as an operation: runRebuild (rebuild.ts, the CLI's own code and guarantees)
// with its progress written to the operation's rows for the Operations tab's bar, its
// outcome on them, and ProjectionRebuildCompleted in the log. Both the projector's
// operations worker and the CLI run rebuilds through here.

import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { silentProgress, type ProgressSink, type ProgressUpdate } from '../rebuild/progress.ts';
import { ProjectionLockTimeoutError } from '../runner/command-lock.ts';
import { RebuildBusyError, runRebuild, type RebuildOptions, type RebuildReport } from '../rebuild/rebuild.ts';
import { appendOperationEvent, type Operator } from './audit-events.ts';
import { finishOperation, recordProgress } from './store.ts';

const PROGRESS_WRITE_MS = 400;

/** Events in the log after a position, for an exact progress total (where counting is cheap: PostgreSQL). */
export const countEventsAfterIn = (eventStore: Pick<EventStore, 'countEvents'>) => (position: bigint) =>
  eventStore.countEvents({ fromPosition: position });

/** Writes the latest figures at most every PROGRESS_WRITE_MS, never two writes at once. */
const createRecordingSink = (pool: Pool, ids: readonly string[], logger: Logger) => {
  let latest: ProgressUpdate = { done: 0, total: null };
  let writtenAt = -Infinity;
  let writing: Promise<unknown> | null = null;
  const write = () => {
    writtenAt = performance.now();
    const fraction = latest.total ? Math.min(1, latest.done / latest.total) : (latest.fraction ?? null);
    writing = recordProgress(pool, ids, { done: latest.done, total: latest.total, fraction })
      .catch((error: unknown) => logger.warn({ err: error }, 'rebuild progress not recorded'))
      .finally(() => {
        writing = null;
      });
  };
  return {
    update: (update: ProgressUpdate) => {
      latest = update;
      if (!writing && performance.now() - writtenAt >= PROGRESS_WRITE_MS) write();
    },
    flush: async () => {
      await writing;
      write();
      await writing;
    },
  };
};

const describeReport = (report: RebuildReport) => {
  if (report.outcome === 'swapped')
    return report.swapped
      .map(
        (swap) =>
          `${swap.name}: r${swap.generation} swapped in at position ${swap.position}, ${swap.eventsApplied} events applied`,
      )
      .join('; ');
  if (report.outcome === 'interrupted') return 'interrupted; the live tables are untouched and the next rebuild resumes';
  return report.failures
    .map(
      (failure) =>
        `${failure.checkpointName} stopped at position ${failure.failedPosition} on ${failure.eventType}: ${failure.error}`,
    )
    .join('; ');
};

export const runRecordedRebuild = async (
  options: Omit<RebuildOptions, 'lockTimeoutMs' | 'tableLockTimeoutMs' | 'swapAttempts'> & {
    /** One running operation row per recipe, held by the caller. */
    operationIds: readonly string[];
    operator: Operator;
  },
): Promise<RebuildReport> => {
  const { pool, operationIds } = options;
  const extra = options.progress ?? silentProgress;
  const recording = createRecordingSink(pool, operationIds, options.logger);
  const progress: ProgressSink = {
    update: (update) => {
      recording.update(update);
      extra.update(update);
    },
    finish: () => extra.finish(),
  };
  const complete = async (outcome: 'swapped' | 'failed' | 'interrupted', report: RebuildReport | null, message: string) => {
    for (const recipe of options.recipes) {
      const swap = report?.outcome === 'swapped' ? report.swapped.find((one) => one.name === recipe.live.name) : undefined;
      await appendOperationEvent({
        eventStore: options.eventStore,
        projection: recipe.live.name,
        operator: options.operator,
        type: 'ProjectionRebuildCompleted',
        data: {
          operationId: operationIds[options.recipes.indexOf(recipe)]!,
          projection: recipe.live.name,
          requestedBy: options.operator.by,
          outcome,
          eventsReplayed: report?.eventsReplayed ?? 0,
          position: swap ? swap.position.toString() : null,
          message: message.slice(0, 2000),
          completedAt: new Date().toISOString(),
        },
      });
    }
  };
  let report: RebuildReport;
  try {
    report = await runRebuild({
      pool,
      eventStore: options.eventStore,
      logger: options.logger,
      recipes: options.recipes,
      batchSize: options.batchSize ?? 1000,
      restart: options.restart ?? false,
      progress,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.note ? { note: options.note } : {}),
      ...(options.countEventsAfter ? { countEventsAfter: options.countEventsAfter } : {}),
    });
  } catch (error) {
    await recording.flush();
    const busy = error instanceof RebuildBusyError || error instanceof ProjectionLockTimeoutError;
    const message = error instanceof Error ? error.message : String(error);
    await finishOperation(
      pool,
      operationIds,
      busy ? { status: 'refused', message, refusal: 'conflict' } : { status: 'failed', message },
    );
    await complete('failed', null, message);
    throw error;
  }
  await recording.flush();
  const message = describeReport(report);
  const status = report.outcome === 'swapped' ? 'done' : report.outcome;
  await finishOperation(pool, operationIds, { status, message });
  await complete(report.outcome, report, message);
  return report;
};
