// One initialised PostgreSQL data directory per test run, copied for every server a spec
// starts of its own (the run's shared server, supervision, outage, a spawned `npm start`):
// initdb costs seconds on this machine, a copy of the stopped cluster a fraction of that.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { locateBinaries, ensureReachableBinaries } from '../src/embedded/binaries.ts';
import { initialiseCluster, resolveClusterDir } from '../src/embedded/cluster.ts';
import { isRoot, resolveServerUser } from '../src/embedded/os-user.ts';

const run = promisify(execFile);

/** Creates DATA_DIR-shaped `dataDir` (postgres/ and postgres-password) holding a stopped, initialised cluster. */
export const createSeedCluster = async (dataDir: string) => {
  await mkdir(dataDir, { recursive: true });
  // As root the server runs as 'postgres', which must be able to enter the folder.
  if (isRoot()) await chmod(dataDir, 0o755);
  const user = resolveServerUser();
  const { binaries } = await ensureReachableBinaries({ binaries: await locateBinaries(), user });
  const clusterDir = await resolveClusterDir({ dataDir, user });
  if ((await lstat(path.join(dataDir, 'postgres'))).isSymbolicLink()) {
    // A copy would share the linked cluster between servers: seeds live where 'postgres' can enter.
    throw new Error(`the seed cluster in ${dataDir} is not reachable by the postgres user; use a folder under /tmp`);
  }
  const password = randomBytes(18).toString('base64url');
  await writeFile(path.join(dataDir, 'postgres-password'), password, { mode: 0o600 });
  await initialiseCluster({ binaries, clusterDir, user, password });
};

/**
 * Copies the seed into `dataDir` (which must not hold a cluster yet), owners and modes
 * kept, so startEmbeddedPostgres finds an initialised cluster and skips initdb.
 */
export const copySeedCluster = async (seedDir: string, dataDir: string) => {
  await mkdir(dataDir, { recursive: true });
  if (isRoot()) await chmod(dataDir, 0o755);
  await run('cp', ['-a', `${seedDir}/postgres`, `${seedDir}/postgres-password`, dataDir]);
};
