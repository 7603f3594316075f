import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from '@acres/platform';
import { startEmbeddedPostgres } from '@acres/platform/embedded';

/** A throwaway embedded PostgreSQL with migrated databases, so figures never touch ./.data. */
export const startBenchDatabase = async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-bench-'));
  const server = await startEmbeddedPostgres({ dataDir, persistent: false });
  const createDatabase = async (name: string) => {
    const url = await server.ensureDatabase(name);
    await runMigrations({ databaseUrl: url });
    return url;
  };
  return {
    createDatabase,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

export const formatRate = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;

export const peakRss = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
