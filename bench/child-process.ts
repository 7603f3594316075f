// Runs a service or command of the repo in a process of its own (as in production, and
// so the load generator never shares its event loop) and reads its memory from /proc.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '@acres/platform';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** VmHWM (peak resident set) and VmRSS of a live process, in MB; null once it has gone. */
export const readMemory = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return null;
  }
};

/** node --import tsx <script>: the child's pid is the node process itself, so /proc speaks of it. */
export const spawnScript = (
  script: string,
  options: { args?: readonly string[]; env: Record<string, string>; output?: 'inherit' | 'pipe' },
) =>
  spawn(process.execPath, ['--import', 'tsx', script, ...(options.args ?? [])], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...options.env },
    stdio: ['ignore', options.output ?? 'inherit', options.output ?? 'inherit'],
  });

/** Polls the child's VmHWM until it exits; the last reading is its peak. */
export const trackPeakMemory = (child: ChildProcess, intervalMs = 100) => {
  let peakMb = 0;
  const read = () => {
    const memory = child.pid ? readMemory(child.pid) : null;
    if (memory && Number.isFinite(memory.peakMb)) peakMb = Math.max(peakMb, memory.peakMb);
  };
  const timer = setInterval(read, intervalMs);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve(code);
    });
  });
  return { exited, peakMb: () => peakMb, sample: read };
};

export const waitUntilListening = async (url: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`nothing listening at ${url} after ${timeoutMs} ms`);
};

export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench admin password' };
export const BENCH_AUTH = `Basic ${Buffer.from(`${BENCH_ADMIN.username}:${BENCH_ADMIN.password}`).toString('base64')}`;

/** The query API alone in its own process against databaseUrl. */
export const startQueryApi = async (options: { databaseUrl: string }) => {
  const port = await findFreePort();
  const child = spawnScript('services/query-api/src/server.ts', {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilListening(url, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
};
