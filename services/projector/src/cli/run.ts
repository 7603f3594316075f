// The projections CLI (`npm run projections -- <command>`): the database and event store
// it works on, and the exit code of each outcome. cli.ts runs it.

import { pino } from 'pino';
import { createPool } from '@acres/platform/db';
import { checkArguments, parseCliArgs, UsageError, USAGE, type Parsed } from './args.ts';
import { COMMANDS, type ProgressStream } from './commands.ts';
import { openCliDatabase, readCliConfigOrReport } from './config.ts';
import { ProjectionLockTimeoutError } from '../runner/command-lock.ts';
import type { CliOutput } from './rebuild-command.ts';
import { SkipRefusedError } from '../runner/dead-letter.ts';
import { RebuildBusyError } from '../rebuild/rebuild.ts';
import { rebuildableNames } from '../rebuild/targets.ts';
import { cliOperator } from '../operations/audit-events.ts';
import type { EsdbEventStoreOptions } from '@acres/eventstore';
import { openLogStore } from '@acres/eventstore/protect';

export { USAGE };

export type CliOptions = {
  args: readonly string[];
  env?: Record<string, string | undefined>;
  output?: CliOutput;
  /** Where the rebuild's progress bar goes; null for none (default: stderr). */
  progressStream?: ProgressStream;
  /** Tests: with EVENT_STORE=esdb, a stand-in for the EventStoreDB client. */
  esdbClient?: EsdbEventStoreOptions['client'];
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
    parsed = parseCliArgs(options.args);
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
  const config = readCliConfigOrReport('projections', options.env ?? process.env, (text) => output.err(text));
  if (!config) return 2;
  const logger = pino({ level: config.LOG_LEVEL, name: 'projections-cli' }, pino.destination(2));
  const database = await openCliDatabase(config, logger);
  const pool = createPool({
    connectionString: database.url,
    max: rebuildableNames().length + 6,
    applicationName: 'acres-projections-cli',
  });
  const { eventStore } = await openLogStore({
    config,
    pool,
    databaseUrl: database.url,
    logger,
    esdbClient: options.esdbClient,
  });
  const progressStream: ProgressStream = options.progressStream === undefined ? process.stderr : options.progressStream;
  try {
    const operator = cliOperator(options.env ?? process.env);
    return await COMMANDS[parsed.positionals[0]!]!(
      { pool, eventStore, logger, config, output, progressStream, operator },
      parsed,
    );
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
