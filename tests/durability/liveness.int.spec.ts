import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '@acres/platform/net';
import { copySeedCluster } from '@acres/platform/test';
import { validLead } from '@acres/contracts/test';
import { discardProcess, readPostmaster, startStandaloneProcess, type StandaloneProcess } from './standalone-process.ts';

let dataDir: string | undefined;
let server: StandaloneProcess | undefined;
afterAll(() => discardProcess(server, dataDir));

const get = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const postLead = (url: string, email: string) =>
  fetch(`${url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validLead({ email })),
    signal: AbortSignal.timeout(15_000),
  });

// What an outside supervisor (systemd, Kubernetes, the compose file's healthcheck) relies on:
// a process that cannot bring its database back says so on /healthz, over HTTP, and keeps
// answering while it waits to be restarted.
describe('/healthz of `npm start` when its embedded PostgreSQL cannot be brought back', () => {
  it('answers 503 naming the reason, refuses writes with 503 + Retry-After, and is healthy again once restarted', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-liveness-'));
    await copySeedCluster(inject('pgSeedDir'), dataDir);
    const port = await findFreePort();
    server = await startStandaloneProcess({ dataDir, port });
    expect(await get(`${server.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });

    // The cluster's configuration goes bad under the running server, then its postmaster dies:
    // PostgreSQL will refuse that setting on every restart, so the supervisor gives up at once.
    const autoConf = path.join(dataDir, 'postgres', 'postgresql.auto.conf');
    const goodConf = await readFile(autoConf, 'utf8');
    await writeFile(autoConf, `${goodConf}\nshared_buffers = nonsense\n`);
    process.kill((await readPostmaster(dataDir)).pid, 'SIGKILL');

    await expect.poll(async () => (await get(`${server!.url}/healthz`)).status, { timeout: 30_000 }).toBe(503);
    expect(await get(`${server.url}/healthz`)).toEqual({
      status: 503,
      body: { status: 'unhealthy', reason: 'the embedded PostgreSQL could not be restarted' },
    });
    const ready = await get(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('unavailable');
    const write = await postLead(server.url, 'liveness-down@example.ng');
    expect(write.status).toBe(503);
    expect(Number(write.headers.get('retry-after'))).toBeGreaterThan(0);
    await write.arrayBuffer();
    expect(server.output()).toMatch(/could not be restarted; \/healthz now reports unhealthy/);

    // The outside supervisor's part: the operator mends the setting, the process is replaced.
    await writeFile(autoConf, goodConf);
    server.child.kill('SIGKILL');
    await server.exited;
    server = await startStandaloneProcess({ dataDir, port });
    expect(await get(`${server.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
    const lead = await postLead(server.url, 'liveness-up@example.ng');
    expect(lead.status).toBe(201);
    await lead.arrayBuffer();
  }, 180_000);
});
