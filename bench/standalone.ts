// The product as shipped (`npm start`: command API, projector, query API and SPA in one
// process) as a child process against the bench's PostgreSQL, like tests/durability does.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '@acres/platform';
import { BENCH_ADMIN, spawnScript } from './child-process.ts';

export const startStandalone = async (options: { databaseUrl: string }) => {
  const port = await findFreePort();
  // Its own DATA_DIR (upload secret, credentials) so ./.data is never touched.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-bench-standalone-'));
  const child = spawnScript('services/standalone/src/main.ts', {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      WEB_BUILD: 'skip',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`the standalone server exited before it was healthy (code ${await exited})`);
    const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the standalone server did not become healthy in 90 s');
    }
    await sleep(200);
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (!gone) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
