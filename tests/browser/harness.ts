import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTestDatabase } from '@acres/platform/testing';
import { findFreePort } from '@acres/platform/net';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

export type TestServer = {
  baseUrl: string;
  adminUsername: string;
  adminPassword: string;
  databaseUrl: string;
  stop: () => Promise<void>;
};

const waitForHttp = async (url: string, child: ChildProcess, output: () => string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
};

/**
 * The real product as `npm start` runs it (same entry point, same process model),
 * on a fresh database of the run's embedded PostgreSQL and a free port.
 */
export const startTestServer = async (): Promise<TestServer> => {
  const db = await createTestDatabase({ adminUrl: inject('pgAdminUrl'), poolSize: 1 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-browser-'));
  const port = await findFreePort();
  const adminUsername = 'admin';
  const adminPassword = 'browser-test-password';
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/standalone/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: adminUsername,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      // Built once by the browser project's global setup: a rebuild here would swap
      // bundles under other test servers that are still running.
      WEB_BUILD: 'skip',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/`, child, () => log, 150_000);
  } catch (error) {
    child.kill('SIGKILL');
    await db.drop();
    throw error;
  }
  return {
    baseUrl,
    adminUsername,
    adminPassword,
    databaseUrl: db.url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchBrowser = async (): Promise<Browser> => {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
};

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export const saveScreenshot = async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
};
