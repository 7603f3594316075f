// `rebuild <name…>` and `rebuild --all`: runs rebuild.ts with a progress bar on stderr,
// Ctrl-C stopping after the page in hand (a second Ctrl-C stops at once), and a summary.

import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { silentProgress } from '../rebuild/progress.ts';
import { createProgressBar, formatCount } from './progress-bar.ts';
import { randomUUID } from 'node:crypto';
import { RebuildBusyError, type RebuildReport } from '../rebuild/rebuild.ts';
import type { RebuildRecipe } from '../rebuild/targets.ts';
import { appendOperationEvent, type Operator } from '../operations/audit-events.ts';
import { runRecordedRebuild } from '../operations/rebuild-operation.ts';
import { insertRunningRebuilds, releaseOperation } from '../operations/store.ts';

export type CliOutput = { out: (line: string) => void; err: (line: string) => void };

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

const events = (count: number) => `${formatCount(count)} event${count === 1 ? '' : 's'}`;

const printReport = (report: RebuildReport, output: CliOutput): number => {
  const rate = report.seconds > 0 ? report.eventsReplayed / report.seconds : 0;
  const figures = `${events(report.eventsReplayed)} in ${report.seconds.toFixed(1)} s (${formatCount(rate)} events/s), peak RSS ${peakRssMb()} MB`;
  if (report.outcome === 'swapped') {
    for (const swap of report.swapped) {
      const tail = swap.tailEvents > 0 ? `, ${formatCount(swap.tailEvents)} of them from the tail during the swap` : '';
      output.out(
        `${swap.name}: rebuilt tables (r${swap.generation}) swapped in at position ${swap.position} (live was at ${swap.livePositionBefore}); ${events(swap.eventsApplied)} applied${tail}`,
      );
    }
    output.out(`rebuilt ${report.swapped.length} projection(s): ${figures}`);
    return 0;
  }
  if (report.outcome === 'interrupted') {
    output.err(`interrupted after ${figures}. The live tables are untouched.`);
    for (const position of report.positions) output.err(`  ${position.checkpointName} is at position ${position.position}`);
    output.err('Run the same command again to resume from there (or add --restart to start again from 0).');
    return 130;
  }
  output.err(`rebuild stopped after ${figures}. The live tables are untouched.`);
  for (const failure of report.failures) {
    output.err(
      `  ${failure.checkpointName} stopped at position ${failure.failedPosition} on ${failure.eventType} ${failure.eventId ?? ''}: ${failure.error}`,
    );
    output.err(`  Fix the cause and run the rebuild again (it resumes there), or park the event:`);
    output.err(`    npm run projections -- skip ${failure.checkpointName} --position ${failure.failedPosition} --reason "…"`);
  }
  return 1;
};

export const runRebuildCommand = async (options: {
  pool: Pool;
  eventStore: EventStore;
  logger: Logger;
  recipes: readonly RebuildRecipe[];
  batchSize: number;
  restart: boolean;
  countEventsAfter?: (position: bigint) => Promise<number>;
  output: CliOutput;
  /** Progress bar stream; null for none. */
  progressStream: (NodeJS.WritableStream & { isTTY?: boolean }) | null;
  operator: Operator;
}): Promise<number> => {
  const names = options.recipes.map((recipe) => recipe.live.name);
  // Registered as operations like the Operations tab's: one rebuild of a projection at a
  // time whichever path asked, the tab shows this one's progress, and the log records it.
  const ids = names.map(() => randomUUID());
  const holder = await options.pool.connect();
  let holderBroken = false;
  try {
    if (!(await insertRunningRebuilds(holder, { ids, projections: names, operator: options.operator })))
      throw new RebuildBusyError(`a rebuild of ${names.join(', ')} is already under way (see the Operations tab or status)`);
    for (const [index, projection] of names.entries())
      await appendOperationEvent({
        eventStore: options.eventStore,
        projection,
        operator: options.operator,
        type: 'ProjectionRebuildRequested',
        data: { operationId: ids[index]!, projection, requestedBy: options.operator.by, requestedAt: new Date().toISOString() },
      });
    return await runHeldRebuild(options, ids);
  } finally {
    for (const id of ids)
      await releaseOperation(holder, id).catch(() => {
        holderBroken = true;
      });
    holder.release(holderBroken || undefined);
  }
};

const runHeldRebuild = async (options: Parameters<typeof runRebuildCommand>[0], ids: readonly string[]): Promise<number> => {
  const names = options.recipes.map((recipe) => recipe.live.name);
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      // A second signal means now: the open transactions die with the connections.
      options.output.err(`${signal} again: stopping now; the live tables are untouched and the next run resumes.`);
      process.exit(130);
    }
    options.output.err(`\n${signal}: stopping after the current batch (again to stop at once)…`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const label = names.length > 3 ? `rebuild ${names.length} projections` : `rebuild ${names.join(', ')}`;
  try {
    const report = await runRecordedRebuild({
      operationIds: ids,
      operator: options.operator,
      pool: options.pool,
      eventStore: options.eventStore,
      logger: options.logger,
      recipes: options.recipes,
      batchSize: options.batchSize,
      restart: options.restart,
      signal: controller.signal,
      progress: options.progressStream ? createProgressBar({ stream: options.progressStream, label }) : silentProgress,
      note: (message) => options.output.err(message),
      ...(options.countEventsAfter ? { countEventsAfter: options.countEventsAfter } : {}),
    });
    return printReport(report, options.output);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
};
