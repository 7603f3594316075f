import { ConfigError, createLogger, runMain } from '@acres/platform';
import { readStandaloneConfig } from './config.ts';
import { startStandalone } from './start.ts';

const main = async () => {
  let config;
  try {
    config = readStandaloneConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error('Configuration errors:');
      for (const issue of error.issues) console.error(`  - ${issue.key}: ${issue.message}`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'acres' });
  const running = await startStandalone({ config, logger });

  const banner = [
    '',
    `  Acres is running at ${running.url}`,
    `  Admin area: ${running.url}/admin`,
    running.adminSource === 'environment'
      ? '  Admin credentials: from ADMIN_USERNAME / ADMIN_PASSWORD'
      : `  Admin username: ${running.adminCredentials.username}   password: ${running.adminCredentials.password}` +
        (running.adminSource === 'generated'
          ? '   (generated now, kept in DATA_DIR/admin-credentials.json)'
          : '   (from DATA_DIR/admin-credentials.json)'),
    '',
  ].join('\n');
  process.stdout.write(`${banner}\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await running.stop();
    process.exit(0);
  };
  // The embedded database is stopped last, after requests and the projector have drained.
  // Every signal is caught, not only the first: Ctrl-C in a terminal reaches this process
  // twice (from the terminal and relayed by tsx), and an uncaught second one would end it
  // mid-shutdown, before PostgreSQL was stopped. The 15 s bound above still applies.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
};

runMain(main);
