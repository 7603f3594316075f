import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { TestEsdb } from '@acres/eventstore/test';
import { createPool, type Pool } from '@acres/platform/db';
import { createLogger } from '@acres/platform/logger';
import { runMigrations } from '@acres/platform/migrate';
import { createTestDatabase } from '@acres/platform/test';
import { readStandaloneConfig } from '../src/config.ts';
import { ensureWebBuilt, WEB_DIST } from '../src/spa.ts';
import { startStandalone } from '../src/start.ts';

export const TEST_ADMIN = { username: 'admin', password: 'standalone-test-password' };

export type StandaloneTestServer = Awaited<ReturnType<typeof startStandalone>> & {
  databaseUrl: string;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * The standalone product in this process (as `npm start` composes it) on a fresh
 * database of the run's embedded PostgreSQL and a free port. `env` adds configuration keys.
 */
export const startStandaloneForTest = async (options: {
  adminUrl: string;
  env?: Record<string, string>;
  /** Runs on the migrated database before the product starts (a log left by an older version). */
  beforeStart?: (databaseUrl: string) => Promise<void>;
  /** Receives the product's log lines (JSON, info and up) for a spec that reads them; silent otherwise. */
  logSink?: Writable;
  /** Runs the product on this EventStoreDB (openTestEsdb: a real server or one in memory). */
  esdb?: TestEsdb;
}): Promise<StandaloneTestServer> => {
  // Built only when missing: a rebuild would swap bundles under browser tests running beside us.
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) await ensureWebBuilt(createLogger({ level: 'warn', pretty: false }));
  const db = await createTestDatabase({ adminUrl: options.adminUrl, poolSize: 1 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-standalone-'));
  try {
    const config = readStandaloneConfig({
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      WEB_BUILD: 'skip',
      LOG_LEVEL: 'silent',
      ...(options.esdb && { EVENT_STORE: 'esdb', ESDB_CONNECTION_STRING: options.esdb.connectionString }),
      ...options.env,
    });
    if (options.beforeStart) {
      await runMigrations({ databaseUrl: db.url });
      await options.beforeStart(db.url);
    }
    const logger = createLogger({ level: options.logSink ? 'info' : 'silent', pretty: false, destination: options.logSink });
    // Port 0: the system picks a free one (the schema accepts only real ports).
    const running = await startStandalone({
      config: { ...config, PORT: 0 },
      logger,
      buildWeb: false,
      ...(options.esdb?.client && { esdbClient: options.esdb.client }),
    });
    return {
      ...running,
      databaseUrl: db.url,
      dataDir,
      close: async () => {
        // A part still stopping after 5 s is named (stops.ts): heard, although the rest is silent,
        // so a spec whose clean-up times out says what hung.
        logger.level = 'warn';
        await running.stop();
        await db.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
};

/** The product started as startStandaloneForTest starts it, and a pool of the spec's own on its database. */
export const startStandaloneWithPool = async (
  options: Parameters<typeof startStandaloneForTest>[0] & { maxConnections: number },
): Promise<{ server: StandaloneTestServer; pool: Pool }> => {
  const { maxConnections, ...start } = options;
  const server = await startStandaloneForTest(start);
  return { server, pool: createPool({ connectionString: server.databaseUrl, max: maxConnections }) };
};

/** Ends the spec's pool, then the product; either is missing when the start failed. */
export const stopStandaloneWithPool = async (server: StandaloneTestServer | undefined, pool: Pool | undefined) => {
  await pool?.end();
  await server?.close();
};
