// The projections CLI's commands, each given the database, the event store and the
// parsed arguments (already checked by args.ts); each answers the exit code.

import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import type { Operator } from '../operations/audit-events.ts';
import { resumeRecorded, skipRecorded } from '../operations/resume-skip.ts';
import { countEventsAfterIn } from '../operations/rebuild-operation.ts';
import { readBatchSize, type Parsed } from './args.ts';
import type { ProjectionsCliConfig } from './config.ts';
import { runRebuildCommand, type CliOutput } from './rebuild-command.ts';
import { formatStatusTable } from './status-table.ts';
import { readProjectionProgress } from '@acres/read-models/projection-progress';
import { findRebuildRecipe, listRebuildRecipes, rebuildableNames } from '../rebuild/targets.ts';

export type ProgressStream = (NodeJS.WritableStream & { isTTY?: boolean }) | null;

export type Context = {
  pool: Pool;
  eventStore: EventStore;
  logger: Logger;
  config: ProjectionsCliConfig;
  output: CliOutput;
  progressStream: ProgressStream;
  /** Recorded on the events of each operation (the OS user). */
  operator: Operator;
};

const runStatus = async (context: Context, parsed: Parsed) => {
  const { pool, config, eventStore } = context;
  const rows = await readProjectionProgress({
    db: pool,
    names: rebuildableNames(),
    // Counting EventStoreDB's events means reading them: up to a cap there.
    lag: config.EVENT_STORE === 'postgres' ? { eventStore } : { eventStore, maxCount: 10_000 },
  });
  context.output.out(
    parsed.values.json ? JSON.stringify(rows, null, 2) : formatStatusTable(rows, { eventStore: config.EVENT_STORE }),
  );
  return rows.some((row) => row.state === 'failed') ? 1 : 0;
};

const runRebuild = async (context: Context, parsed: Parsed) => {
  const names = parsed.positionals.slice(1);
  const recipes = parsed.values.all ? listRebuildRecipes() : [...new Set(names)].map((name) => findRebuildRecipe(name)!);
  const countEventsAfter = context.config.EVENT_STORE === 'postgres' ? countEventsAfterIn(context.eventStore) : undefined;
  return runRebuildCommand({
    pool: context.pool,
    eventStore: context.eventStore,
    logger: context.logger,
    recipes,
    batchSize: readBatchSize(parsed.values['batch-size']),
    restart: parsed.values.restart ?? false,
    output: context.output,
    progressStream: context.progressStream,
    operator: context.operator,
    ...(countEventsAfter ? { countEventsAfter } : {}),
  });
};

const runResume = async (context: Context, parsed: Parsed) => {
  const name = parsed.positionals[1]!;
  if (await resumeRecorded({ pool: context.pool, eventStore: context.eventStore, name, operator: context.operator })) {
    context.output.out(`${name}: resumed; its runner retries the event it stopped on within a few seconds.`);
    return 0;
  }
  context.output.err(`${name}: not a failed projection (see status); nothing was changed.`);
  return 1;
};

const runSkip = async (context: Context, parsed: Parsed) => {
  const name = parsed.positionals[1]!;
  const position = BigInt(parsed.values.position!);
  const parked = await skipRecorded({
    pool: context.pool,
    eventStore: context.eventStore,
    name,
    position,
    reason: parsed.values.reason!,
    operator: context.operator,
  });
  context.output.out(
    `${parked.checkpointName}: parked ${parked.eventType} ${parked.eventId} (position ${parked.position}) in projection_dead_letters; ` +
      'the projection goes on after it (its runner picks it up within a few seconds).',
  );
  return 0;
};

export const COMMANDS: Record<string, (context: Context, parsed: Parsed) => Promise<number>> = {
  status: runStatus,
  rebuild: runRebuild,
  resume: runResume,
  skip: runSkip,
};
