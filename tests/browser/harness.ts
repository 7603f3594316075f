import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startStandaloneForTest, TEST_ADMIN } from '@acres/standalone/test';

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

/**
 * The real product as `npm start` composes it (startStandalone, the same parts on one port),
 * in this worker's process, on a fresh database cloned from the run's template and a free
 * port. The product's modules load once per worker (the browser project runs without
 * isolation), so a spec file pays for a start, not for compiling the product; one spec
 * (npm-start.browser.spec.ts) still runs `npm start` as its own process.
 */
export const startTestServer = async (env?: Record<string, string>): Promise<TestServer> => {
  const server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl'), ...(env ? { env } : {}) });
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    databaseUrl: server.databaseUrl,
    dataDir: server.dataDir,
    stop: server.close,
  };
};

// Debian's headless shell runs the same engine without the full browser's UI machinery: the
// browser specs took 18-33 % less CPU on it than on /usr/bin/chromium (the suite is CPU-bound).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium-headless-shell (or chromium) or set CHROMIUM_PATH`,
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

let browserOfWorker: Promise<Browser> | undefined;

/**
 * This worker's Chromium: launched by its first spec file and kept for the next ones (the
 * browser project runs without isolation, so this module lives as long as the worker);
 * launched again if it died. Playwright ends it when the worker exits.
 */
export const workerBrowser = async (): Promise<Browser> => {
  const current = await browserOfWorker?.catch(() => undefined);
  if (current?.isConnected()) return current;
  browserOfWorker = launchBrowser();
  return browserOfWorker;
};

/** The CSP violations reported so far by any page of this browser. */
export const cspViolationsOf = (browser: Browser): string[] => [...(cspViolations.get(browser) ?? [])];

/** Forgets the violations reported so far (after a test that provokes one on purpose). */
export const clearCspViolations = (browser: Browser) => void cspViolations.get(browser)?.splice(0);

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Screenshots are for people to look at (test-results/screenshots): taken by default, and
 * not in CI, where nobody does and they cost a fifth of a browser spec's time; SCREENSHOTS=on
 * or off decides either way.
 */
const takesScreenshots = () => (process.env.SCREENSHOTS ? process.env.SCREENSHOTS !== 'off' : !process.env.CI);

export const saveScreenshot = async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
  if (!takesScreenshots()) return null;
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
