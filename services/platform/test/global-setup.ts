import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/embedded.ts';
import { runMigrations } from '../src/migrate.ts';
import { TEMPLATE_DATABASE } from './test-database.ts';
import { TEST_DATA_MASTER_KEY } from './master-key.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges only with an interface
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the whole run, with a migrated template database; each
 * test file clones the template (CREATE DATABASE … TEMPLATE), which takes milliseconds
 * and gives every file a database of its own.
 */
export default async function setup(project: TestProject) {
  // Test workers and the services they spawn inherit it: the harnesses seal with this key.
  process.env.DATA_MASTER_KEY ??= TEST_DATA_MASTER_KEY;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir, persistent: false });
  const templateUrl = await server.ensureDatabase(TEMPLATE_DATABASE);
  await runMigrations({ databaseUrl: templateUrl });
  project.provide('pgAdminUrl', server.adminUrl);
  project.provide('pgTemplateUrl', templateUrl);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
