import { spawn } from 'node:child_process';
import { lstat, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { copySeedCluster } from '../../test/seed-cluster.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from '../embedded.ts';
import { findFreePort } from '../net.ts';
import { StartupError } from '../startup-error.ts';
import { resolveServerUser, runAs } from './os-user.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** A DATA_DIR holding a copy of the run's initialised cluster (initdb is the global set-up's). */
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'acres-embedded-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await copySeedCluster(inject('pgSeedDir'), dir);
  return dir;
};

const start = async (dataDir: string, extra: Partial<Parameters<typeof startEmbeddedPostgres>[0]> = {}) => {
  const server = await startEmbeddedPostgres({ dataDir, ...extra });
  cleanups.push(() => server.stop());
  return server;
};

const selectOne = async (server: EmbeddedPostgresServer) => {
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one;
  } finally {
    await client.end();
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the embedded PostgreSQL supervisor', () => {
  it('restarts a server killed outright and answers again within seconds', async () => {
    const server = await start(await tempDir());
    const first = server.supervisor.pid()!;
    process.kill(first, 'SIGKILL');
    const killedAt = Date.now();
    await expect.poll(() => server.supervisor.restarts(), { timeout: 10_000 }).toBe(1);
    expect(await selectOne(server)).toBe(1);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    expect(server.supervisor.pid()).not.toBe(first);
    expect(server.liveness()).toEqual({ ok: true });
  });

  it('gives up after a crash loop and reports itself not alive', async () => {
    const server = await start(await tempDir(), {
      restartPolicy: { initialDelayMs: 10, maxDelayMs: 10, maxAttempts: 2, maxCrashes: 1, crashWindowMs: 60_000 },
    });
    process.kill(server.supervisor.pid()!, 'SIGKILL');
    await expect.poll(() => server.supervisor.restarts(), { timeout: 10_000 }).toBe(1);
    process.kill(server.supervisor.pid()!, 'SIGKILL');
    await expect.poll(() => server.supervisor.state(), { timeout: 10_000 }).toBe('failed');
    expect(server.liveness()).toEqual({ ok: false, reason: 'the embedded PostgreSQL could not be restarted' });
  });
});

describe('a server left behind by a killed process', () => {
  it('stops an orphan holding DATA_DIR and comes up on the same data', async () => {
    const dataDir = await tempDir();
    const before = await start(dataDir);
    const { binaries, clusterDir } = before;
    await before.stop();
    // What a Node process killed without setpriv's death signal leaves: a server nobody owns.
    const orphan = spawn(
      binaries.postgres,
      [
        '-D',
        clusterDir,
        '-p',
        String(await findFreePort()),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      {
        ...runAs(resolveServerUser()),
        detached: true,
        stdio: 'ignore',
      },
    );
    orphan.unref();
    await expect.poll(async () => (await lstat(path.join(clusterDir, 'postmaster.pid')).catch(() => null)) !== null).toBe(true);
    const after = await start(dataDir);
    expect(isAlive(orphan.pid!)).toBe(false);
    expect(await selectOne(after)).toBe(1);
  });

  it('refuses, saying why, a DATA_DIR whose server belongs to another live process, and takes over once that process is gone', async () => {
    const dataDir = await tempDir();
    const first = await start(dataDir);
    await first.stop();
    // Another Acres process: it runs the server as its own child and owns DATA_DIR.
    const user = resolveServerUser();
    const peer = spawn(
      process.execPath,
      [
        '-e',
        `
      require('node:child_process').spawn(${JSON.stringify(first.binaries.postgres)},
        ['-D', ${JSON.stringify(first.clusterDir)}, '-p', '${await findFreePort()}', '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        { ${user ? `uid: ${user.uid}, gid: ${user.gid}, ` : ''}stdio: 'ignore' });
      setInterval(() => {}, 1000);
    `,
      ],
      { stdio: 'ignore' },
    );
    cleanups.push(async () => peer.kill('SIGKILL'));
    await writeFile(path.join(dataDir, 'embedded-postgres-owner.json'), JSON.stringify({ pid: peer.pid }));
    await expect
      .poll(async () => (await lstat(path.join(first.clusterDir, 'postmaster.pid')).catch(() => null)) !== null)
      .toBe(true);

    const refused = startEmbeddedPostgres({ dataDir });
    await expect(refused).rejects.toBeInstanceOf(StartupError);
    await expect(refused).rejects.toThrow(/in use by another running Acres process/);

    peer.kill('SIGKILL');
    await new Promise((resolve) => peer.once('exit', resolve));
    const taken = await start(dataDir);
    expect(await selectOne(taken)).toBe(1);
  });
});
