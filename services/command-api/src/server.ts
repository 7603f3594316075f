import { createEventStore } from '@acres/eventstore';
import { ConfigError, createLogger, createPool, listenWithGracefulShutdown, parseConfig } from '@acres/platform';
import { buildCommandApp } from './app.ts';
import { CommandApiConfigSchema, type CommandApiConfig } from './config.ts';

const readConfig = (): CommandApiConfig => {
  try {
    return parseConfig(CommandApiConfigSchema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`command-api: ${error.message}`);
    process.exit(1);
  }
};

const config = readConfig();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'command-api' });
const pool = createPool({ connectionString: config.DATABASE_URL, applicationName: 'command-api' });
const eventStore = createEventStore(
  config.EVENT_STORE === 'esdb'
    ? { kind: 'esdb', connectionString: config.ESDB_CONNECTION_STRING ?? '', logger }
    : { kind: 'postgres', pool, connectionString: config.DATABASE_URL, logger },
);
const app = await buildCommandApp({ eventStore, logger });

await listenWithGracefulShutdown(app, {
  port: config.PORT,
  host: config.HOST,
  onClose: async () => {
    await eventStore.close();
    await pool.end();
  },
});
