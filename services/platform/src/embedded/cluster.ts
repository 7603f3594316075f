import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { StartupError } from '../startup-error.ts';
import { SHARED_ROOT, type PostgresBinaries } from './binaries.ts';
import { canAccessAs, runAs, type OsUser } from './os-user.ts';

const isSymlink = async (file: string) => (await lstat(file).catch(() => null))?.isSymbolicLink() ?? false;

const ownDirectory = async (dir: string, user: OsUser) => {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (user) await chown(dir, user.uid, user.gid);
  await chmod(dir, 0o700);
};

/**
 * The folder of the cluster: DATA_DIR/postgres. When the `postgres` user cannot enter
 * DATA_DIR (as root, inside a private directory), the cluster lives under /var/lib/acres
 * instead and DATA_DIR/postgres links to it, so the next start finds it again.
 */
export const resolveClusterDir = async (options: { dataDir: string; user: OsUser; logger?: Logger | undefined }) => {
  const { dataDir, user } = options;
  const link = path.join(dataDir, 'postgres');
  if (await isSymlink(link)) return realpath(link);
  if (canAccessAs(user, dataDir, 'x') && canAccessAs(user, dataDir, 'r')) {
    await ownDirectory(link, user);
    return link;
  }
  if (existsSync(link)) {
    throw new StartupError({
      what: `The database in ${link} cannot be reached by the '${user?.name}' user that PostgreSQL runs as: a folder above it is private.`,
      fix: `Let others enter the folders above it (chmod o+x on each), or move the checkout (or DATA_DIR) to a folder such as /srv or /opt.`,
    });
  }
  const target = path.join(SHARED_ROOT, 'clusters', `${path.basename(path.resolve(dataDir))}-${randomBytes(4).toString('hex')}`);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
  await ownDirectory(target, user);
  await symlink(target, link);
  options.logger?.warn(
    { dataDir, cluster: target },
    `the '${user?.name}' user cannot enter DATA_DIR (a folder above it is private), so the database lives in ${target}, linked from DATA_DIR/postgres`,
  );
  return target;
};

export const isInitialised = (clusterDir: string) => existsSync(path.join(clusterDir, 'PG_VERSION'));

const runProgram = (options: { program: string; args: string[]; user: OsUser }) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(options.program, options.args, {
      ...runAs(options.user),
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${path.basename(options.program)} failed (${signal ?? `exit ${code}`}): ${output.trim().split('\n').slice(-8).join(' | ')}`,
          ),
        );
    });
  });

/**
 * initdb for a new cluster: UTF-8 with the builtin C.UTF-8 locale (Unicode-aware
 * lower()/ILIKE for names, no dependence on the host's locales), English messages,
 * and scram passwords. A folder left half-made by an interrupted initdb is emptied first.
 */
export const initialiseCluster = async (options: {
  binaries: PostgresBinaries;
  clusterDir: string;
  user: OsUser;
  password: string;
}) => {
  const { clusterDir, user } = options;
  for (const entry of await readdir(clusterDir)) await rm(path.join(clusterDir, entry), { recursive: true, force: true });
  const passwordDir = await mkdtemp(path.join(os.tmpdir(), 'acres-initdb-'));
  const passwordFile = path.join(passwordDir, 'password');
  try {
    await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
    if (user) {
      await chown(passwordDir, user.uid, user.gid);
      await chown(passwordFile, user.uid, user.gid);
    }
    await runProgram({
      program: options.binaries.initdb,
      user,
      args: [
        `--pgdata=${clusterDir}`,
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--lc-messages=C',
      ],
    });
  } catch (error) {
    throw new StartupError({
      what: `Creating the embedded database in ${clusterDir} failed: ${(error as Error).message}`,
      fix: 'Check that the disk has space and DATA_DIR is writable, or delete DATA_DIR/postgres to start afresh.',
      cause: error,
    });
  } finally {
    await rm(passwordDir, { recursive: true, force: true });
  }
};
