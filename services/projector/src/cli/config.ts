// Where the projections CLI finds the database: DATABASE_URL when set, otherwise the
// embedded default of `npm start` (DATA_DIR, .data by default): the running cluster
// when `npm start` is up (its port is in postmaster.pid), or one started for the command.

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BaseConfigSchema, ConfigError, LOG_LEVELS, parseConfig, refineEventStore } from '@acres/platform/config';
import type { Logger } from '@acres/platform/logger';
import { findRunningServer, startEmbeddedPostgres } from '@acres/platform/embedded';
import { runMigrations } from '@acres/platform/migrate';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const ProjectionsCliConfigSchema = BaseConfigSchema.extend({
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  // Operator output goes to stdout and the progress bar to stderr; logs only when asked.
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('warn')),
}).superRefine(refineEventStore);

export type ProjectionsCliConfig = z.infer<typeof ProjectionsCliConfigSchema>;

export const readProjectionsCliConfig = (env: Record<string, string | undefined> = process.env) =>
  parseConfig(ProjectionsCliConfigSchema, env);

/**
 * The configuration of one of the operator CLIs (projections, audit), or null once the
 * operator has been told, under the CLI's name, what is wrong with it.
 */
export const readCliConfigOrReport = (
  cliName: string,
  env: Record<string, string | undefined>,
  report: (text: string) => void,
): ProjectionsCliConfig | null => {
  try {
    return readProjectionsCliConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    report(`${cliName}: configuration errors:\n${error.issues.map((issue) => `  - ${issue.key}: ${issue.message}`).join('\n')}`);
    return null;
  }
};

export type CliDatabase = { url: string; description: string; close: () => Promise<void> };

/** Same database name as services/standalone/src/start.ts. */
const EMBEDDED_DATABASE = 'acres';

/** The cluster `npm start` is running on dataDir, if any (postmaster.pid: pid on line 1, port on line 4). */
const findRunningCluster = async (dataDir: string) => {
  const secretFile = path.join(dataDir, 'postgres-password');
  if (!existsSync(secretFile)) return null;
  const running = await findRunningServer(path.join(dataDir, 'postgres'));
  if (!running || !Number.isInteger(running.port)) return null;
  const { port } = running;
  const password = (await readFile(secretFile, 'utf8')).trim();
  return { port, url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}` };
};

export const openCliDatabase = async (config: ProjectionsCliConfig, logger: Logger): Promise<CliDatabase> => {
  if (config.DATABASE_URL) {
    await runMigrations({ databaseUrl: config.DATABASE_URL, logger });
    return { url: config.DATABASE_URL, description: 'DATABASE_URL', close: async () => {} };
  }
  const dataDir = path.resolve(config.DATA_DIR ?? '.data');
  const running = await findRunningCluster(dataDir);
  if (running) {
    await runMigrations({ databaseUrl: running.url, logger });
    return {
      url: running.url,
      description: `the embedded PostgreSQL of npm start (${dataDir}, port ${running.port})`,
      close: async () => {},
    };
  }
  const server = await startEmbeddedPostgres({ dataDir, logger });
  try {
    const url = await server.ensureDatabase(EMBEDDED_DATABASE);
    await runMigrations({ databaseUrl: url, logger });
    return { url, description: `the embedded PostgreSQL in ${dataDir}, started for this command`, close: () => server.stop() };
  } catch (error) {
    await server.stop().catch(() => {});
    throw error;
  }
};
