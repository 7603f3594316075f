// A CPU profile of the standalone server (`npm start`) under POST /api/leads load, for
// finding where a command's time goes: `tsx bench/profile-commands.ts [seconds] [connections]`.
// The .cpuprofile lands in PROFILE_DIR (default /tmp/acres-profile-commands); PROFILE_NODE_ARGS
// adds node flags to the server (`--import ./bench/count-queries.mjs` counts SQL statements).

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { findFreePort } from '@acres/platform';
import { BENCH_ADMIN, ROOT } from './child-process.ts';
import { LEAD } from './product-commands.ts';
import { readClusterCpu, readProcessCpu } from './process-cpu.ts';
import { startBenchDatabase } from './setup.ts';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 16);
const profileDir = process.env.PROFILE_DIR ?? '/tmp/acres-profile-commands';
const extraArgs = (process.env.PROFILE_NODE_ARGS ?? '').split(' ').filter(Boolean);

const post = (url: string, duration: number) =>
  autocannon({
    url: `${url}/api/leads`,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LEAD),
  });

const db = await startBenchDatabase();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-profile-'));
try {
  const databaseUrl = await db.createDatabase('profile_commands');
  const port = await findFreePort();
  // --cpu-prof is not allowed in NODE_OPTIONS, so the server is spawned here rather than by startStandalone.
  const child = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...extraArgs, '--import', 'tsx', 'services/standalone/src/main.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        WEB_BUILD: 'skip',
        ADMIN_USERNAME: BENCH_ADMIN.username,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
      },
    },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  while (
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(200);
  await post(url, 2);
  const postgresPort = new URL(databaseUrl).port;
  const before = readProcessCpu(child.pid!);
  const postgresBefore = readClusterCpu(postgresPort);
  const result = await post(url, seconds);
  const after = readProcessCpu(child.pid!);
  const postgres = readClusterCpu(postgresPort) - postgresBefore;
  const user = after.user - before.user;
  const system = after.system - before.system;
  const perPost = (value: number) => ((value * 1e6) / result['2xx']).toFixed(0);
  console.log(
    `${connections} connections: ${Math.round(result['2xx'] / seconds)}/s p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors; ` +
      `server CPU per POST ${perPost(user + system)} µs (user ${perPost(user)}, system ${perPost(system)}; projector included), ` +
      `${((100 * (user + system)) / seconds).toFixed(0)} % of a core; PostgreSQL CPU per POST ${perPost(postgres)} µs`,
  );
  child.kill('SIGTERM');
  await exited;
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await db.stop();
}
