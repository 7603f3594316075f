// README's first command as a newcomer runs it: `npm start` as a process of its own, on the
// embedded default (no DATABASE_URL, generated admin credentials, its own DATA_DIR), a real
// Chromium on the site and the admin area, then Ctrl-C. Every other browser spec starts the
// same product inside its worker; this one proves the command itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { validLead } from '@acres/fixtures';
import { findFreePort } from '@acres/platform/net';
import { copySeedCluster } from '@acres/platform/test';
import { clearCspViolations, cspViolationsOf, saveScreenshot, VIEWPORTS, workerBrowser } from './harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// What a newcomer's shell would not have: the test run's own database and keys.
const RUN_ONLY = ['DATABASE_URL', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'DATA_MASTER_KEY', 'LOG_LEVEL', 'NODE_ENV', 'VITEST'];

let child: ChildProcess | undefined;
let dataDir: string;
let output = '';
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

/** A process's group, from /proc (the field after the state, behind the command's parentheses). */
const processGroupOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);

const waitForOutput = async (pattern: RegExp, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = pattern.exec(output);
    if (match) return match;
    if (child?.exitCode !== null) throw new Error(`npm start exited with ${child?.exitCode}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`npm start did not print ${pattern} within ${timeoutMs} ms:\n${output}`);
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-npm-start-'));
  // The cluster a first start would create with initdb (the run's initialised copy).
  await copySeedCluster(inject('pgSeedDir'), dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of RUN_ONLY) delete env[key];
  const port = await findFreePort();
  child = spawn('npm', ['start'], {
    cwd: ROOT,
    // The SPA was built by the browser project's set-up; a rebuild here would swap bundles under other workers.
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_BUILD: 'skip' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so Ctrl-C reaches npm and the product alike, as in a terminal.
    detached: true,
  });
  const keep = (chunk: Buffer) => void (output += chunk.toString('utf8'));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  exited = new Promise((resolve) => child!.once('exit', (code, signal) => resolve({ code, signal })));
});

afterAll(async () => {
  // Whatever a failed test left of the group (npm, the product, PostgreSQL).
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  let baseUrl: string;
  let username: string;
  let password: string;

  it('prints where the site and the admin area are, and the admin credentials it generated', async () => {
    const running = await waitForOutput(/Acres is running at (http:\/\/\S+)/, 150_000);
    const credentials = await waitForOutput(/Admin username: (\S+)\s+password: (\S+)\s+\(generated now/, 5_000);
    expect(output).toContain(`Admin area: ${running[1]}/admin`);
    baseUrl = running[1]!.replace('localhost', '127.0.0.1');
    [, username, password] = credentials as unknown as [string, string, string];
    expect(existsSync(path.join(dataDir, 'admin-credentials.json'))).toBe(true);
  });

  it('serves the site, takes a lead, and shows it in the admin area signed in with those credentials', async () => {
    const lead = await fetch(`${baseUrl}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validLead({ email: 'newcomer@example.ng' })),
    });
    expect(lead.status, await lead.clone().text()).toBe(201);

    const browser = await workerBrowser();
    clearCspViolations(browser);
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      await page.getByTestId('hero').waitFor();
      await saveScreenshot(page, 'npm-start-landing-phone', { fullPage: false });
      await page.goto(`${baseUrl}/admin`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByTestId('admin-login-submit').click();
      await expect.poll(() => page.getByTestId('counter-totalLeads').getByTestId('counter-value').textContent()).toBe('1');
    } finally {
      await context.close();
    }
    expect(cspViolationsOf(browser)).toEqual([]);
  });

  it('stops on Ctrl-C in order, leaving no process and no PostgreSQL behind', async () => {
    const group = -child!.pid!;
    // PostgreSQL is out of the terminal's foreground group, so Ctrl-C reaches only npm and the product.
    const postmaster = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(processGroupOf(postmaster)).not.toBe(child!.pid);
    process.kill(group, 'SIGINT');
    // A second Ctrl-C while it stops (tsx relays the first one too), moments later, must not cut the stop short.
    await new Promise((resolve) => setTimeout(resolve, 30));
    try {
      process.kill(group, 'SIGINT');
    } catch {
      // already gone
    }
    // npm ends as a shell's foreground job does on Ctrl-C (by the signal, or 0 if the product was quicker).
    expect([
      { code: 0, signal: null },
      { code: null, signal: 'SIGINT' },
      { code: 130, signal: null },
    ]).toContainEqual(await exited);
    // The product itself stops its parts and exits within its 15 s bound; then nothing of the group is left.
    const alive = () => {
      try {
        process.kill(group, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(alive, { timeout: 20_000 }).toBe(false);
    // The terminal's Ctrl-C reaches every process of the foreground group: PostgreSQL, if it
    // were in it, would end its connections under the product (a warning or error per pool).
    const afterSignal = output.slice(output.lastIndexOf('\n', output.indexOf('"msg":"shutting down"')) + 1);
    expect(afterSignal).toContain('"signal":"SIGINT"');
    const warnings = afterSignal
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .filter((line) => (JSON.parse(line) as { level: number }).level >= 40);
    expect(warnings).toEqual([]);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
