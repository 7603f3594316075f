import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { findFreePort } from '@acres/platform';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const waitUntilListening = async (url: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`command API did not start at ${url}`);
};

const LEAD = {
  fullName: 'Bench Investor',
  company: 'Bench Capital',
  email: 'bench@example.com',
  phone: '+234 801 234 5678',
  phoneE164: '+2348012345678',
  role: 'Investor',
  intendedAcres: 25,
  commitment: 'Immediately',
  notes: 'benchmark',
  consent: true,
  priceBand: '3.5M',
};

/**
 * POST /api/leads over HTTP against the command API running alone in its own process
 * (as in production), so the load generator does not share its event loop.
 */
export const measureLeadCommands = async (options: { databaseUrl: string; connections: number; durationSeconds: number }) => {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/command-api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilListening(url, 30_000);
    const run = (duration: number) =>
      autocannon({
        url: `${url}/api/leads`,
        method: 'POST',
        connections: options.connections,
        duration,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(LEAD),
      });
    await run(2); // warm-up: JIT, pool connections
    const result = await run(options.durationSeconds);
    return {
      requests: result.requests.total,
      perSecond: result['2xx'] / options.durationSeconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  } finally {
    child.kill('SIGTERM');
  }
};
