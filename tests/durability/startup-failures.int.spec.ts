import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '@acres/platform/net';
import { copySeedCluster } from '@acres/platform/test';
import { startStandaloneProcess } from './standalone-process.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A DATA_DIR holding a copy of the run's initialised cluster, as a first start leaves it. */
const seededDataDir = async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-startup-'));
  dirs.push(dataDir);
  await copySeedCluster(inject('pgSeedDir'), dataDir);
  return dataDir;
};

/** The run's PostgreSQL over TCP, as a managed server is reached, with one part of the URL changed. */
const runDatabaseUrl = (change: (url: URL) => void) => {
  const url = new URL(inject('pgAdminUrl'));
  url.search = '';
  change(url);
  return url.toString();
};

const failedStart = async (options: { dataDir: string; port: number; env?: Record<string, string> }) => {
  const error = await startStandaloneProcess({ readyTimeoutMs: 30_000, ...options }).then(
    () => null,
    (failure: Error) => failure,
  );
  expect(error, 'the server should not have started').not.toBeNull();
  return error!.message;
};

describe('a start-up that fails', () => {
  it('says what went wrong and what to do when the port is taken, never `undefined`', async () => {
    const dataDir = await seededDataDir();
    const port = await findFreePort();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const output = await failedStart({ dataDir, port });
      expect(output).toContain(`Acres could not start: Port ${port} is already in use by another program.`);
      expect(output).toContain('What to do: Stop that program, or choose another port with PORT=….');
      expect(output).not.toMatch(/^undefined$/m);
      expect(output).toContain('exited before it was healthy (code 1)');
    } finally {
      blocker.close();
    }
  });

  it('says what went wrong when the embedded database cannot start, with PostgreSQL’s own words', async () => {
    const dataDir = await seededDataDir();
    const port = await findFreePort();
    // A cluster as a first start leaves it (the run's initialised one); then its configuration is broken by hand.
    await writeFile(path.join(dataDir, 'postgres', 'postgresql.auto.conf'), 'shared_buffers = nonsense\n');
    const output = await failedStart({ dataDir, port });
    expect(output).toContain('Acres could not start: The embedded PostgreSQL did not start.');
    expect(output).toMatch(/invalid value for parameter "shared_buffers"/);
    expect(output).toContain('What to do:');
    expect(output).not.toMatch(/^undefined$/m);
  }, 120_000);

  // The other kinds the start-up names in words (platform's startup-error.ts), each from a real
  // process given a real fault: never a stack, always what to do.
  const kinds: { kind: string; env: () => Promise<Record<string, string>> | Record<string, string>; says: string[] }[] = [
    {
      kind: 'nothing answers at DATABASE_URL',
      env: async () => {
        const port = await findFreePort();
        return { DATABASE_URL: `postgres://acres:secret@127.0.0.1:${port}/acres` };
      },
      says: [
        'Acres could not start: Nothing answers at 127.0.0.1:',
        'What to do: Start that PostgreSQL server or correct DATABASE_URL',
      ],
    },
    {
      kind: 'the database refuses the password',
      env: () => ({ DATABASE_URL: runDatabaseUrl((url) => (url.password = 'not-the-password')) }),
      says: [
        'Acres could not start: The database refused the password in DATABASE_URL.',
        'What to do: Correct the user name and password',
      ],
    },
    {
      kind: 'the database does not exist',
      env: () => ({ DATABASE_URL: runDatabaseUrl((url) => (url.pathname = '/acres_no_such_database')) }),
      says: ['Acres could not start: The database named in DATABASE_URL does not exist.', 'What to do: Create it (createdb …)'],
    },
    {
      // /sys refuses new folders even to root, as a read-only or foreign folder refuses them.
      kind: 'DATA_DIR cannot be written',
      env: () => ({ DATA_DIR: '/sys/acres-data' }),
      says: ['Acres could not start: Permission denied on /sys/acres-data.', 'What to do: Check the owner and mode of that path'],
    },
  ];
  it.each(kinds)('says what went wrong and what to do when $kind', async ({ env, says }) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-startup-'));
    dirs.push(dataDir);
    const output = await failedStart({ dataDir, port: await findFreePort(), env: await env() });
    for (const line of says) expect(output).toContain(line);
    expect(output).not.toMatch(/^undefined$/m);
    expect(output).not.toMatch(/^\s+at /m);
  });

  // A full disk needs a file system of its own: a 64 KiB tmpfs, which only root may mount (CI runs as root).
  it.runIf(process.getuid?.() === 0)('says the disk is full when DATA_DIR has no space left', async () => {
    const mountPoint = await mkdtemp(path.join(os.tmpdir(), 'acres-full-disk-'));
    dirs.push(mountPoint);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mountPoint]);
    try {
      // Filled to the last block; DATA_DIR's folder itself still fits (it costs no block).
      await writeFile(path.join(mountPoint, 'filler'), Buffer.alloc(64 * 1024)).catch(() => undefined);
      const dataDir = path.join(mountPoint, 'data');
      await mkdir(dataDir);
      const output = await failedStart({ dataDir, port: await findFreePort() });
      expect(output).toContain('Acres could not start: The disk is full.');
      expect(output).toContain('What to do: Free some space and start again.');
    } finally {
      execFileSync('umount', [mountPoint]);
    }
  });
});
