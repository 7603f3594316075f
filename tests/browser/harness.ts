import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestDatabase } from '@acres/platform/test';
import { findFreePort } from '@acres/platform/net';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

export type TestServer = {
  baseUrl: string;
  adminUsername: string;
  adminPassword: string;
  databaseUrl: string;
  /** The server's DATA_DIR: what the notifier writes to the local outbox is under outbox/. */
  dataDir: string;
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
    dataDir,
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

// A string, not a function: the test runner's transform would leak helpers into the page.
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  window.__acresReportCsp(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber);
}, true);`;

const cspViolations = new WeakMap<Browser, string[]>();

/** Collects every CSP violation of the context's pages: the DOM event and Chromium's console report. */
const watchCsp = async (context: BrowserContext, found: string[]) => {
  await context.exposeBinding('__acresReportCsp', ({ page }, text: string) => void found.push(`${page.url()}: ${text}`));
  await context.addInitScript(REPORT_CSP_VIOLATIONS);
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) found.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
};

/**
 * Chromium whose every new context reports Content-Security-Policy violations; each
 * spec asserts at its end that cspViolationsOf(browser) is empty.
 */
export const launchBrowser = async (): Promise<Browser> => {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const found: string[] = [];
  cspViolations.set(browser, found);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context, found);
    return context;
  };
  return browser;
};

/** The CSP violations reported so far by any page of this browser. */
export const cspViolationsOf = (browser: Browser): string[] => [...(cspViolations.get(browser) ?? [])];

/** Forgets the violations reported so far (after a test that provokes one on purpose). */
export const clearCspViolations = (browser: Browser) => void cspViolations.get(browser)?.splice(0);

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

/**
 * Polls a page expression until it is truthy. Not page.waitForFunction: that evals the
 * predicate inside the page, which the site's CSP (no 'unsafe-eval') refuses.
 */
export const waitForExpression = async (page: Page, expression: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
