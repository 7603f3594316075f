// The projections CLI (`npm run projections -- <command>`): argument parsing, the
// database and event store it works on, and the commands. cli.ts runs it.

import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { createEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { ConfigError } from '@acres/platform/config';
import { createPool, type Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { resumeProjection } from './checkpoints.ts';
import { openCliDatabase, readProjectionsCliConfig, type ProjectionsCliConfig } from './cli-config.ts';
import { ProjectionLockTimeoutError } from './cli-lock.ts';
import { runRebuildCommand, type CliOutput } from './cli-rebuild.ts';
import { formatStatusTable } from './cli-status.ts';
import { skipPoisonEvent, SkipRefusedError } from './dead-letter.ts';
import { readProjectionProgress } from './progress-status.ts';
import { RebuildBusyError } from './rebuild.ts';
import { findRebuildRecipe, listRebuildRecipes, rebuildableNames } from './rebuild-targets.ts';

export const USAGE = `usage: npm run projections -- <command>

  status [--json]
      Each projection: state (running, stopped, failed, not-started, rebuilding), checkpoint,
      lag behind the head of the log in events and in seconds (age of the oldest event not yet
      processed), events applied, last error. Exit code 1 when a projection has failed.
  rebuild <name…> | rebuild --all   [--batch-size N] [--restart]
      Replays the log from position 0 into fresh versioned tables (leads__r2, checkpoint
      leads@r2) while the live tables keep serving, with a progress bar on stderr, then swaps
      them in atomically: the live projector hands the projection over for the swap, the
      tail is applied, the tables are renamed and the checkpoint moves, in one transaction.
      Interrupted (Ctrl-C, kill -9) the live tables are untouched; the same command resumes
      from the rebuild's own checkpoint (--restart starts again from 0). --all replays the
      log once for every projection and swaps them all in one transaction.
  resume <name>
      Restarts a projection stopped by a failing event, once the cause is fixed; its
      runner retries that event within seconds.
  skip <name> --position N --reason "…"
      Only for a failed projection stopped at exactly position N: parks that event in
      projection_dead_letters with the error and the reason, moves the checkpoint past it
      and resumes. Rebuilds of the projection pass over parked events too.

Projections: ${rebuildableNames().join(', ')}
Environment: DATABASE_URL (unset: the embedded PostgreSQL of npm start under DATA_DIR, default .data),
  EVENT_STORE=postgres|esdb, ESDB_CONNECTION_STRING, LOG_LEVEL (default warn).`;

class UsageError extends Error {
  override readonly name = 'UsageError';
}

const POSITIVE_INTEGER = /^[1-9]\d{0,18}$/;

const parse = (args: readonly string[]) => {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        all: { type: 'boolean' },
        restart: { type: 'boolean' },
        'batch-size': { type: 'string' },
        position: { type: 'string' },
        reason: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
};

type Parsed = ReturnType<typeof parse>;

/** Everything about the arguments that can be wrong, checked before any connection is made. */
const checkArguments = (command: string, parsed: Parsed) => {
  const names = parsed.positionals.slice(1);
  const known = rebuildableNames();
  if (command === 'rebuild') {
    if (parsed.values.all && names.length > 0) throw new UsageError('rebuild takes projection names or --all, not both');
    if (!parsed.values.all && names.length === 0) throw new UsageError(`rebuild needs projection names or --all (projections: ${known.join(', ')})`);
    const unknown = names.find((name) => !known.includes(name) || !findRebuildRecipe(name));
    if (unknown) throw new UsageError(`unknown projection '${unknown}' (projections: ${known.join(', ')})`);
    readBatchSize(parsed.values['batch-size']);
    return;
  }
  if (command === 'resume' || command === 'skip') {
    // A rebuild's own checkpoint (leads@r2) may be named too.
    if (names.length !== 1) throw new UsageError(`${command} needs one projection name (one of: ${known.join(', ')})`);
  }
  if (command === 'skip') {
    const position = parsed.values.position;
    if (position === undefined || !POSITIVE_INTEGER.test(position)) {
      throw new UsageError(
        `skip needs --position N, the global position of the event the projection stopped on (see status)${position === undefined ? '' : `, got '${position}'`}`,
      );
    }
    if (!parsed.values.reason?.trim()) throw new UsageError('skip needs --reason "…": say why the event is parked (it is kept with the event)');
  }
};

const readBatchSize = (value: string | undefined) => {
  if (value === undefined) return 1000;
  if (!POSITIVE_INTEGER.test(value) || Number(value) > 10_000) throw new UsageError(`--batch-size must be a whole number from 1 to 10000, got '${value}'`);
  return Number(value);
};

type ProgressStream = (NodeJS.WritableStream & { isTTY?: boolean }) | null;

type Context = { pool: Pool; eventStore: EventStore; logger: Logger; config: ProjectionsCliConfig; output: CliOutput; progressStream: ProgressStream };

const runStatus = async (context: Context, parsed: Parsed) => {
  const { pool, config, eventStore } = context;
  const rows = await readProjectionProgress({
    db: pool,
    names: rebuildableNames(),
    lag: config.EVENT_STORE === 'postgres' ? { kind: 'postgres' } : { kind: 'store', eventStore },
  });
  context.output.out(parsed.values.json ? JSON.stringify(rows, null, 2) : formatStatusTable(rows, { eventStore: config.EVENT_STORE }));
  return rows.some((row) => row.state === 'failed') ? 1 : 0;
};

const runRebuild = async (context: Context, parsed: Parsed) => {
  const names = parsed.positionals.slice(1);
  const recipes = parsed.values.all ? listRebuildRecipes() : [...new Set(names)].map((name) => findRebuildRecipe(name)!);
  const countEventsAfter =
    context.config.EVENT_STORE === 'postgres'
      ? async (position: bigint) => {
          const { rows } = await context.pool.query<{ n: number }>(
            'SELECT count(*) AS n FROM events WHERE global_position > $1 AND global_position < event_store_visible_below()',
            [position.toString()],
          );
          return rows[0]?.n ?? 0;
        }
      : undefined;
  return runRebuildCommand({
    pool: context.pool,
    eventStore: context.eventStore,
    logger: context.logger,
    recipes,
    batchSize: readBatchSize(parsed.values['batch-size']),
    restart: parsed.values.restart ?? false,
    output: context.output,
    progressStream: context.progressStream,
    ...(countEventsAfter ? { countEventsAfter } : {}),
  });
};

const runResume = async (context: Context, parsed: Parsed) => {
  const name = parsed.positionals[1]!;
  if (await resumeProjection(context.pool, name)) {
    context.output.out(`${name}: resumed; its runner retries the event it stopped on within a few seconds.`);
    return 0;
  }
  context.output.err(`${name}: not a failed projection (see status); nothing was changed.`);
  return 1;
};

const runSkip = async (context: Context, parsed: Parsed) => {
  const name = parsed.positionals[1]!;
  const position = BigInt(parsed.values.position!);
  const parked = await skipPoisonEvent({ pool: context.pool, eventStore: context.eventStore, name, position, reason: parsed.values.reason! });
  context.output.out(
    `${parked.checkpointName}: parked ${parked.eventType} ${parked.eventId} (position ${parked.position}) in projection_dead_letters; ` +
      'the projection goes on after it (its runner picks it up within a few seconds).',
  );
  return 0;
};

const COMMANDS: Record<string, (context: Context, parsed: Parsed) => Promise<number>> = {
  status: runStatus,
  rebuild: runRebuild,
  resume: runResume,
  skip: runSkip,
};

export type CliOptions = {
  args: readonly string[];
  env?: Record<string, string | undefined>;
  output?: CliOutput;
  /** Where the rebuild's progress bar goes; null for none (default: stderr). */
  progressStream?: ProgressStream;
};

const defaultOutput: CliOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Runs one command; answers the process exit code (0 done, 1 refused or failed, 2 usage or configuration, 130 interrupted). */
export const runProjectionsCli = async (options: CliOptions): Promise<number> => {
  const output = options.output ?? defaultOutput;
  let parsed: Parsed;
  try {
    parsed = parse(options.args);
    const command = parsed.positionals[0];
    if (parsed.values.help || command === 'help' || command === undefined) {
      output.out(USAGE);
      return command === undefined && !parsed.values.help ? 2 : 0;
    }
    if (!COMMANDS[command]) throw new UsageError(`unknown command '${command}'`);
    checkArguments(command, parsed);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`projections: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  let config: ProjectionsCliConfig;
  try {
    config = readProjectionsCliConfig(options.env ?? process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.err(`projections: configuration errors:\n${error.issues.map((issue) => `  - ${issue.key}: ${issue.message}`).join('\n')}`);
    return 2;
  }
  const logger = pino({ level: config.LOG_LEVEL, name: 'projections-cli' }, pino.destination(2));
  const database = await openCliDatabase(config, logger);
  const pool = createPool({ connectionString: database.url, max: rebuildableNames().length + 6, applicationName: 'acres-projections-cli' });
  const eventStore = createEventStore(
    config.EVENT_STORE === 'esdb'
      ? { kind: 'esdb', connectionString: config.ESDB_CONNECTION_STRING ?? '', logger }
      : { kind: 'postgres', pool, connectionString: database.url, logger },
  );
  const progressStream: ProgressStream = options.progressStream === undefined ? process.stderr : options.progressStream;
  try {
    return await COMMANDS[parsed.positionals[0]!]!({ pool, eventStore, logger, config, output, progressStream }, parsed);
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`projections: ${error.message}`);
      return 2;
    }
    if (error instanceof SkipRefusedError || error instanceof RebuildBusyError || error instanceof ProjectionLockTimeoutError) {
      output.err(`projections: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await eventStore.close();
    await pool.end();
    await database.close();
  }
};
