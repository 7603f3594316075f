// The one start-up of every service process (command API, query API, projector, notifier,
// standalone): configuration, logger, the service's own start, and a bounded stop on SIGINT
// or SIGTERM. Subpaths only: the platform index would load modules a worker process has no use for.
import { ConfigError } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { runMain } from './startup-error.ts';

export type ServiceContext<Config> = { config: Config; logger: Logger };

/** Stops what the service started: called once, on the first signal. */
export type StopService = () => Promise<void>;

export type ServiceOptions<Config extends { LOG_LEVEL: string }> = {
  /** The logger's name and the prefix of the configuration errors. */
  name: string;
  /** Parses the environment; throws ConfigError on a bad or missing key. */
  readConfig: () => Config;
  start: (context: ServiceContext<Config>) => Promise<StopService>;
  /** The log lines of a stop: the first when the signal comes, the second when all is stopped. */
  stopLines?: { stopping: string; stopped?: string };
  /** After this long a stop that has not finished exits with 1. */
  stopBoundMs?: number;
  /**
   * A signal during the stop: 'waits' ignores it (Ctrl-C in a terminal reaches a process twice,
   * from the terminal and relayed by tsx, and must not end it mid-stop), 'exits' ends the
   * process at once (an operator's second signal means "now").
   */
  repeatedSignal?: 'waits' | 'exits';
};

/** The issues one per line, so a person fixes them all in one go. */
export const formatConfigErrors = (name: string, error: ConfigError) =>
  [`${name}: configuration errors:`, ...error.issues.map((issue) => `  - ${issue.key}: ${issue.message}`)].join('\n');

const readConfigOrExit = <Config>(name: string, readConfig: () => Config): Config => {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(formatConfigErrors(name, error));
    process.exit(2);
  }
};

type StopOptions = Pick<ServiceOptions<{ LOG_LEVEL: string }>, 'stopLines' | 'stopBoundMs' | 'repeatedSignal'>;

const stopOnSignals = (logger: Logger, stop: StopService, options: StopOptions) => {
  const lines = options.stopLines ?? { stopping: 'shutting down' };
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) {
      if (options.repeatedSignal === 'exits') process.exit(1);
      return;
    }
    stopping = true;
    logger.info({ signal }, lines.stopping);
    const force = setTimeout(() => process.exit(1), options.stopBoundMs ?? 15_000);
    force.unref();
    try {
      await stop();
      if (lines.stopped) logger.info(lines.stopped);
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
};

/** Runs a service process; a start-up failure prints what went wrong and what to do, never a bare stack. */
export const runService = <Config extends { LOG_LEVEL: string }>(options: ServiceOptions<Config>) =>
  runMain(async () => {
    const config = readConfigOrExit(options.name, options.readConfig);
    const logger = createLogger({ level: config.LOG_LEVEL, name: options.name });
    const stop = await options.start({ config, logger });
    stopOnSignals(logger, stop, options);
  });

/**
 * A background worker process (the projector, the notifier): its stop is logged by its name,
 * and a second signal during the stop ends it at once (an operator's "now").
 */
export const runWorker = <Config extends { LOG_LEVEL: string }>(
  options: Omit<ServiceOptions<Config>, 'stopLines' | 'repeatedSignal'>,
) =>
  runService({
    ...options,
    stopLines: { stopping: `stopping ${options.name}`, stopped: `${options.name} stopped` },
    repeatedSignal: 'exits',
  });
