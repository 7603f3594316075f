// A CPU profile of the standalone server (`npm start`) under POST /api/leads load, for
// finding where a command's time goes: `tsx bench/profile-commands.ts [seconds] [connections]`.
// The .cpuprofile lands in PROFILE_DIR (default /tmp/acres-profile-commands); PROFILE_NODE_ARGS
// adds node flags to the server (`--import ./bench/count-queries.mjs` counts SQL statements).

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { findFreePort } from '@acres/platform';
import { BENCH_ADMIN, ROOT } from './child-process.ts';
import { LEAD } from './product-commands.ts';
import { startBenchDatabase } from './setup.ts';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 16);
const profileDir = process.env.PROFILE_DIR ?? '/tmp/acres-profile-commands';
const extraArgs = (process.env.PROFILE_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** utime and stime of a process (all its threads) in seconds, from /proc; clock ticks are 1/100 s on Linux. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
};

/**
 * CPU of the PostgreSQL cluster on this port (its postmaster and every backend it forked), in
 * seconds: what the statements of a POST cost on the database side, beside the server's own.
 */
const postgresCpuSeconds = (port: string) => {
  const stat = (pid: string) => {
    const [head, rest] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ');
    const fields = rest!.split(' ');
    return { name: head!.split(' (')[1], ppid: fields[1], cpu: (Number(fields[11]) + Number(fields[12])) / 100 };
  };
  const processes = new Map<string, ReturnType<typeof stat>>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      processes.set(pid, stat(pid));
    } catch {
      // Ended while listed.
    }
  }
  const postmaster = [...processes.keys()].find((pid) => {
    try {
      return processes.get(pid)!.name === 'postgres' && readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(port);
    } catch {
      return false;
    }
  });
  if (!postmaster) return NaN;
  return [...processes].reduce((sum, [pid, p]) => (pid === postmaster || p.ppid === postmaster ? sum + p.cpu : sum), 0);
};

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
  const before = cpuSeconds(child.pid!);
  const postgresBefore = postgresCpuSeconds(postgresPort);
  const result = await post(url, seconds);
  const after = cpuSeconds(child.pid!);
  const postgres = postgresCpuSeconds(postgresPort) - postgresBefore;
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
