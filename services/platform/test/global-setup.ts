import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/embedded.ts';
import { runMigrations } from '../src/migrate.ts';
import { TEMPLATE_DATABASE } from './test-database.ts';
import { TEST_DATA_MASTER_KEY } from './master-key.ts';
import { copySeedCluster, createSeedCluster } from './seed-cluster.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges only with an interface
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateUrl: string;
    /** A stopped, initialised cluster (DATA_DIR shape) to copy with copySeedCluster instead of running initdb. */
    pgSeedDir: string;
  }
}

type RunDatabase = { adminUrl: string; templateUrl: string; seedDir: string; stop: () => Promise<void> };
type Shared = { started: Promise<RunDatabase>; users: number };

// Every project (unit, int, browser) names this set-up; vitest loads it once per project,
// each time as a module of its own, so the one server of the run is kept on the process.
const KEY = Symbol.for('acres.test.run-database');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };

const startRunDatabase = async (): Promise<RunDatabase> => {
  const seedDir = await mkdtemp(path.join(os.tmpdir(), 'acres-test-seed-'));
  await createSeedCluster(seedDir);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-test-pg-'));
  await copySeedCluster(seedDir, dataDir);
  // The run's server is thrown away with its data: waiting for the disk on every commit (and
  // writing whole pages to the WAL after each checkpoint) protects nothing here. Specs of
  // durability itself run clusters of their own, with the product's settings.
  const server = await startEmbeddedPostgres({
    dataDir,
    persistent: false,
    settings: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'],
  });
  const templateUrl = await server.ensureDatabase(TEMPLATE_DATABASE);
  await runMigrations({ databaseUrl: templateUrl });
  return {
    adminUrl: server.adminUrl,
    templateUrl,
    seedDir,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(seedDir, { recursive: true, force: true });
    },
  };
};

/**
 * One embedded PostgreSQL for the whole run, whichever projects run, with a migrated
 * template database; each test file clones the template (CREATE DATABASE … TEMPLATE),
 * which takes milliseconds and gives every file a database of its own.
 */
export default async function setup(project: TestProject) {
  // Test workers and the services they spawn inherit it: the harnesses seal with this key.
  process.env.DATA_MASTER_KEY ??= TEST_DATA_MASTER_KEY;
  const shared = (holder[KEY] ??= { started: startRunDatabase(), users: 0 });
  shared.users += 1;
  const database = await shared.started;
  project.provide('pgAdminUrl', database.adminUrl);
  project.provide('pgTemplateUrl', database.templateUrl);
  project.provide('pgSeedDir', database.seedDir);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[KEY];
    await database.stop();
  };
}
