import { createServer } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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

const failedStart = async (options: { dataDir: string; port: number }) => {
  const error = await startStandaloneProcess(options).then(
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
});
