import { existsSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logger.ts';
import { StartupError } from '../startup-error.ts';

const OWNER_FILE = 'embedded-postgres-owner.json';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const parentOf = (pid: number) => {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so split after ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
};

/**
 * The live server holding clusterDir, from the lock file PostgreSQL keeps there (pid on
 * line 1, port on line 4); null when there is none or its process has gone.
 */
export const findRunningServer = async (clusterDir: string) => {
  const file = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = (await readFile(file, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? { pid, port } : null;
};

const waitForExit = async (pid: number, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
};

/**
 * A Node process killed outright can leave its PostgreSQL running (where setpriv's death
 * signal is unavailable), holding DATA_DIR. Such an orphan is stopped, politely first;
 * a server whose owner still runs is another live instance, and we refuse to touch it.
 */
export const stopOrphanedServer = async (options: { dataDir: string; clusterDir: string; logger?: Logger | undefined }) => {
  const pid = (await findRunningServer(options.clusterDir))?.pid ?? null;
  if (pid === null) return false;
  const owner = await readOwner(options.dataDir);
  if (owner !== null && owner !== process.pid && isAlive(owner) && parentOf(pid) === owner) {
    throw new StartupError({
      what: `DATA_DIR (${options.dataDir}) is in use by another running Acres process (pid ${owner}).`,
      fix: 'Stop that process first, or give this one its own DATA_DIR.',
    });
  }
  options.logger?.warn(
    { postmasterPid: pid, dataDir: options.dataDir },
    'found a PostgreSQL left running by an earlier Acres process on this DATA_DIR; stopping it',
  );
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return true;
    }
    if (await waitForExit(pid, waitMs)) return true;
    options.logger?.warn({ postmasterPid: pid, signal }, 'the orphaned PostgreSQL did not stop yet');
  }
  throw new StartupError({
    what: `A PostgreSQL server (pid ${pid}) left by an earlier run holds ${options.clusterDir} and would not stop.`,
    fix: `Stop it by hand (kill ${pid}) and start again.`,
  });
};

const readOwner = async (dataDir: string) => {
  try {
    const { pid } = JSON.parse(await readFile(path.join(dataDir, OWNER_FILE), 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? pid : null;
  } catch {
    return null;
  }
};

/** Records this process as the owner of DATA_DIR's server, so a later start can tell an orphan from a live peer. */
export const claimOwnership = async (dataDir: string) => {
  await writeFile(path.join(dataDir, OWNER_FILE), JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
  return () => rm(path.join(dataDir, OWNER_FILE), { force: true });
};
