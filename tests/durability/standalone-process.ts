import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findRunningServer } from '@acres/platform/embedded';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type StandaloneProcess = {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * `npm start` as a real process (node with tsx, one process, so a SIGKILL hits the
 * server itself), on the given DATA_DIR and port; resolves once /healthz answers.
 */
export const startStandaloneProcess = async (options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/standalone/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      WEB_BUILD: 'skip',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'durability-admin',
      ADMIN_PASSWORD: 'durability-password-1234',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (!stopped) {
    const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, url, output: () => output, exited } satisfies StandaloneProcess;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy in time:\n${output}`);
    }
    await sleep(100);
  }
  throw new Error(`the server exited before it was healthy (code ${await exited}):\n${output}`);
};

/** The running postmaster's pid and port. */
export const readPostmaster = async (dataDir: string) => {
  const running = await findRunningServer(path.join(dataDir, 'postgres'));
  if (!running) throw new Error(`no PostgreSQL is running on ${dataDir}`);
  return running;
};

/** A client on the running embedded server's `acres` database, for checking what it holds. */
export const connectToEmbedded = async (dataDir: string) => {
  const { port } = await readPostmaster(dataDir);
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'acres' });
  await client.connect();
  return client;
};

/** After a spec: the process killed outright (as a crash would) and its DATA_DIR removed. */
export const discardProcess = async (server: StandaloneProcess | undefined, dataDir: string | undefined) => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  if (!dataDir) return;
  // A SIGKILLed process leaves its embedded PostgreSQL running (another user's process, not
  // its child's to end): stop it too, or every failed run leaves a server behind for the rest.
  const postmaster = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(postmaster.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // Already gone.
    }
  }
  await rm(dataDir, { recursive: true, force: true });
};
