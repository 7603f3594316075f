// `npm run topology` for real (issue 26): the production shape started through the script's
// own code, the main journey driven through nginx, then, under a light steady load, one
// query-api and one projector SIGKILLed and restarted and PostgreSQL's postmaster killed once.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copySeedCluster, sizeFor } from '@acres/platform/test';
import { formatContentSecurityPolicy, originsOf } from '@acres/platform/security-headers';
import { isAlive } from '../../tools/topology/network.ts';
import { startTopology, type Topology } from '../../tools/topology/start-topology.ts';
import { startBucket } from './bucket.ts';
import { basicAuthorization, runJourney, waitFor } from './journey.ts';
import { startLoad } from './load.ts';
import { compareWithCleanReplay } from './replay.ts';

// Writers and readers each send about one request per PACE_MS; the soak run sends ten times more.
const PACE_MS = sizeFor({ proof: 60, soak: 6 });
const WRITERS = 2;
const READERS = 2;

let dataDir: string;
let webRoot: string;
let bucket: Awaited<ReturnType<typeof startBucket>> | undefined;
let topology: Topology | undefined;
let authorization: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-topology-'));
  await copySeedCluster(inject('pgSeedDir'), dataDir);
  // The proxy serves a built SPA; a page and a bundle of its own keep the spec off the web build.
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'acres-topology-web-'));
  // nginx's workers (nobody, when started as root) read it.
  await chmod(webRoot, 0o755);
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Acres</title><script src="/assets/app.js"></script>');
  await writeFile(path.join(webRoot, 'assets', 'app.js'), 'void 0;\n');
  const startedAt = Date.now();
  topology = await startTopology({
    dataDir,
    proxyPort: 0,
    webRoot,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    extraEnv: async (machineAddress) => {
      bucket = await startBucket(machineAddress);
      return bucket.env;
    },
  });
  console.info(`topology: up behind nginx in ${Date.now() - startedAt} ms`);
  authorization = basicAuthorization(topology.secrets.ADMIN_USERNAME, topology.secrets.ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await topology?.stop();
  await bucket?.close();
  await rm(webRoot, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

const instance = (name: string) => topology!.instances.find((entry) => entry.process.name === name)!;

/** Projection locks held by each projector (by host; one bucket on loopback, where connections are not told apart). */
const projectorLocks = async (db: pg.Client) => {
  const { rows } = await db.query<{ port: number }>(
    `SELECT a.client_port AS port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = 'acres-projector'`,
  );
  const byHost = new Map<string, number>();
  for (const { port } of rows) {
    const host = topology!.databaseClientOf(port) ?? 'projector-?';
    byHost.set(host, (byHost.get(host) ?? 0) + 1);
  }
  return { total: rows.length, byHost };
};

describe('the production topology behind nginx', () => {
  it('runs every service of the description as its own process, each host with its own address where namespaces work', () => {
    expect(topology!.instances.map((entry) => entry.process.name)).toEqual([
      'migrate',
      'command-api',
      'query-api-1',
      'query-api-2',
      'projector-1',
      'projector-2',
      'notifier',
    ]);
    const addresses = topology!.instances.map((entry) => entry.host.address);
    if (topology!.network === 'netns') expect(new Set(addresses).size).toBe(addresses.length);
  });

  it('serves the journey through the proxy: lead, application, sign-up, proof upload to the bucket, approval, affiliate sale, statement', async () => {
    const { uploadOrigin, statement } = await runJourney(topology!.url, authorization);
    expect(uploadOrigin).toBe(bucket!.endpoint);
    // 5 % of ₦3.5M, the default rate.
    expect(statement.totals).toMatchObject({ sales: 1, commission: 175_000 });
  });

  it('sends the services’ policy headers on real answers, the bucket’s origin in connect-src', async () => {
    const expectedPolicy = formatContentSecurityPolicy({ connectSources: originsOf(bucket!.endpoint) });
    for (const page of ['/', '/payments', '/assets/app.js']) {
      const response = await fetch(new URL(page, topology!.url));
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-security-policy'), page).toBe(expectedPolicy);
      expect(response.headers.get('x-frame-options'), page).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), page).toBe('nosniff');
    }
    const api = await fetch(new URL('/api/settings', topology!.url));
    expect(api.status).toBe(200);
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(api.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{8,128}$/);
    // The services' probes stay inside.
    expect((await fetch(new URL('/metrics', topology!.url))).status).toBe(404);
  });

  it('loses no request under load while a query-api, a projector and the postmaster are killed; writes resume within 10 s', async () => {
    const db = new pg.Client({ connectionString: topology!.postgres.tcpUrlFor('acres') });
    // It is not used after the postmaster kill, which ends its connection.
    db.on('error', () => undefined);
    await db.connect();
    const load = startLoad({ url: topology!.url, authorization, writers: WRITERS, readers: READERS, paceMs: PACE_MS });
    try {
      const phases: Record<string, number> = {};
      const mark = (name: string, since: number) => (phases[name] = Date.now() - since);
      await sleep(1_000);
      // A query-api replica and the projector holding the most projections die together;
      // nginx sends reads to the other replica, the standby takes each projection over.
      const queryApi = instance('query-api-1').process;
      const before = await projectorLocks(db);
      const [victimName, owned] = [...before.byHost.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['projector-1', 0];
      const victim = instance(topology!.network === 'netns' ? victimName : 'projector-1').process;
      const survivor = topology!.network === 'netns' ? (victimName === 'projector-1' ? 'projector-2' : 'projector-1') : undefined;
      const killedAt = Date.now();
      queryApi.kill('SIGKILL');
      victim.kill('SIGKILL');
      await Promise.all([queryApi.exited(), victim.exited()]);
      // What an outside supervisor does: start each again at once.
      const restarting = Promise.all([queryApi.start(), victim.start()]).then(() => mark('restarts', killedAt));
      await waitFor(
        () => projectorLocks(db),
        (locks) => locks.total === before.total && (!survivor || locks.byHost.get(survivor) === before.total),
        'the standby owning every projection',
      );
      const takeoverMs = Date.now() - killedAt;
      await restarting;

      // The postmaster dies; the supervisor starts it again, the services reconnect.
      const postmasterKilledAt = Date.now();
      const { supervisor } = topology!.postgres;
      const postmaster = supervisor.pid()!;
      process.kill(postmaster, 'SIGKILL');
      const databaseBack = waitFor(
        async () => ({ state: supervisor.state(), pid: supervisor.pid() }),
        ({ state, pid }) => state === 'running' && pid !== null && pid !== postmaster,
        'PostgreSQL restarted',
      ).then(() => Date.now() - postmasterKilledAt);
      await waitFor(async () => load.firstWriteSince(postmasterKilledAt), Boolean, 'a write after the postmaster kill', 20_000);
      const resumeMs = load.firstWriteSince(postmasterKilledAt)!.at - postmasterKilledAt;
      await sleep(1_000);
      await load.stop();

      const firstRead = load.outcomes.find(
        (outcome) => outcome.kind === 'read' && outcome.status === 200 && outcome.sentAt >= postmasterKilledAt,
      );
      if (firstRead) phases['reads resumed'] = firstRead.at - postmasterKilledAt;
      const failed = load.outcomes.filter(
        (outcome) => !(outcome.status >= 200 && outcome.status < 300) && !(outcome.status === 503 && outcome.retryAfter),
      );
      const unavailable = load.outcomes.filter((outcome) => outcome.status === 503);
      console.info(
        `topology (${topology!.network}): ${load.outcomes.length} requests through the proxy, ${failed.length} failed, ` +
          `${unavailable.length} answered 503 + Retry-After; writes resumed ${resumeMs} ms after the postmaster kill; ` +
          `${victim.name} (${topology!.network === 'netns' ? owned : '?'} of ${before.total} projections) taken over in ${takeoverMs} ms; ` +
          `PostgreSQL back in ${await databaseBack} ms; phases ${JSON.stringify(phases)}`,
      );
      expect(failed).toEqual([]);
      // 503 only while the database was down.
      expect(unavailable.filter((outcome) => outcome.at < postmasterKilledAt)).toEqual([]);
      expect(resumeMs).toBeLessThan(10_000);
      expect(firstRead, 'a read answered after the postmaster kill').toBeDefined();
      if (topology!.network === 'netns') expect(owned).toBeGreaterThan(0);
      expect(load.outcomes.filter((outcome) => outcome.kind === 'write' && outcome.status === 201).length).toBeGreaterThan(0);
    } finally {
      await load.stop();
      await db.end();
    }
  });

  it('applied every event once through the kills, and every read model equals a clean replay of the log', async () => {
    // Nothing may write while the two are compared: the command API takes commands, the
    // notifier records each message it sends in the log.
    await Promise.all([instance('command-api').process.stop(), instance('notifier').process.stop()]);
    const { head, projections, tables } = await compareWithCleanReplay({
      databaseUrl: topology!.postgres.tcpUrlFor('acres'),
      dataMasterKey: topology!.secrets.DATA_MASTER_KEY,
    });
    const rows = tables.reduce((sum, table) => sum + table.live.length, 0);
    console.info(
      `topology: after the load, ${projections.length} projections at position ${head}, ` +
        `${tables.length} tables (${rows} rows) compared with a clean replay`,
    );
    for (const projection of projections) expect(projection.applied, projection.name).toBe(projection.handled);
    expect(projections.find((projection) => projection.name === 'leads')!.applied).toBeGreaterThan(0);
    for (const { table, live, reference } of tables) expect(live, table).toEqual(reference);
  }, 120_000);

  it('stops everything it started: no process, namespace or server is left', async () => {
    const pids = [...topology!.instances.map((entry) => entry.process.pid()), topology!.proxy.pid()].filter(
      (pid): pid is number => pid !== undefined,
    );
    const clusterDir = topology!.postgres.clusterDir;
    await topology!.stop();
    topology = undefined;
    expect(pids.filter(isAlive)).toEqual([]);
    expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
    const { stdout } = await promisify(execFile)('ip', ['netns', 'list']).catch(() => ({ stdout: '' }));
    expect(stdout).not.toContain(`acres-topo-${process.pid}-`);
  });
});
