// Issues 11 and 29, "every screen light to load", "fast on a weak phone": the JavaScript the
// landing page loads before its load event stays within 130 KB gzipped; what it left out (the
// dialogs and their forms) arrives in idle time, before a visitor asks for it. The public pages
// are prerendered: their content is there without JavaScript, and hydrates without an error.
import { request } from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as fixtures from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';

const INITIAL_JS_GZIP_BUDGET = 130_000;

const app = useBrowserApp();

/** The size on the wire of `url` sent with only `encoding` accepted (node:http: no decoding). */
const wireSize = (url: string, encoding: string) =>
  new Promise<{ bytes: number; contentEncoding: string | undefined }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, contentEncoding: response.headers['content-encoding'] }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });

/** Every script URL the page requests from now on. */
const recordScripts = (page: Page) => {
  const urls = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || new URL(r.url()).pathname.endsWith('.js')) urls.add(r.url());
  });
  return urls;
};

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The scripts the page requested before its load event: what it needs to paint and hydrate.
 * The dialogs and the settings parser wait for load and an idle moment (home-route.tsx).
 */
const scriptsBeforeLoad = (page: Page) =>
  page.evaluate(`(() => {
    const load = performance.getEntriesByType('navigation')[0].loadEventStart;
    return performance.getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime <= load)
      .map((entry) => entry.name);
  })()`) as Promise<string[]>;

describe('the weight of the landing page', () => {
  it(`loads at most ${INITIAL_JS_GZIP_BUDGET / 1000} KB of gzipped JavaScript before it has loaded`, async () => {
    const page = await app.newPage(VIEWPORTS.phone);
    const scripts = recordScripts(page);
    await page.goto(app.url('/'), { waitUntil: 'load' });
    await page.getByTestId('hero').waitFor();
    await page.waitForLoadState('networkidle');

    const urls = await scriptsBeforeLoad(page);
    expect(urls.length).toBeGreaterThan(0);
    const gzip = await Promise.all(urls.map((url) => wireSize(url, 'gzip')));
    const brotli = await Promise.all(urls.map((url) => wireSize(url, 'br')));
    for (const [index, answer] of gzip.entries()) expect(answer.contentEncoding, urls[index]).toBe('gzip');
    for (const [index, answer] of brotli.entries()) expect(answer.contentEncoding, urls[index]).toBe('br');
    const gzipTotal = sum(gzip.map((answer) => answer.bytes));
    const later = [...scripts].filter((url) => !urls.includes(url));
    const laterGzip = sum((await Promise.all(later.map((url) => wireSize(url, 'gzip')))).map((answer) => answer.bytes));
    console.info(
      `initial JS of /: ${urls.length} files, ${gzipTotal} B gzip, ${sum(brotli.map((a) => a.bytes))} B brotli; ` +
        `then in idle time ${later.length} files, ${laterGzip} B gzip`,
    );
    expect(gzipTotal).toBeLessThanOrEqual(INITIAL_JS_GZIP_BUDGET);
  });

  it('has the Reserve Your Slot dialog loaded before the first tap, and it works', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    const scripts = recordScripts(page);
    await page.goto(app.url('/'), { waitUntil: 'networkidle' });
    // Fetched once the page was idle, without any interaction, but not before its load event.
    await expect.poll(() => [...scripts].some((url) => /\/lead-dialog-[\w-]+\.js$/.test(url))).toBe(true);
    expect((await scriptsBeforeLoad(page)).filter((url) => /dialog-[\w-]+\.js$/.test(url))).toEqual([]);
    const beforeTap = new Set(scripts);

    await page.getByTestId('nav-reserve').click();
    const dialog = page.getByRole('dialog', { name: 'Reserve Your Slot' });
    await dialog.waitFor();
    // The tap needed nothing from the network: the dialog (and the toaster) were already there.
    expect([...scripts].filter((url) => !beforeTap.has(url))).toEqual([]);
    await dialog.getByLabel(/^Full name/).fill('Adaeze Okafor');
    await expect.poll(() => dialog.getByLabel(/^Full name/).inputValue()).toBe('Adaeze Okafor');
    await saveScreenshot(page, 'weight-reserve-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // A second opening needs nothing more from the network.
    const afterFirst = scripts.size;
    await page.getByTestId('nav-reserve').click();
    await dialog.waitFor();
    expect(scripts.size).toBe(afterFirst);
  });

  it('moves focus to the notifications area on F8 although the toaster loads on demand', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    await page.goto(app.url('/'), { waitUntil: 'networkidle' });
    await page.keyboard.press('F8');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[aria-label^="Notifications"]') !== null))
      .toBe(true);
  });
});

// The public pages the build renders to HTML (web/src/prerender.tsx), each with its main
// heading and, where it has one, its call to action.
const PRERENDERED = [
  { path: '/', heading: /^Industrial-corridor land at ₦/, action: 'Reserve a Slot' },
  { path: '/affiliate', heading: /^Earn up to .+ on every land sale you refer$/, action: 'Become an Affiliate' },
  { path: '/privacy', heading: /^Privacy Policy and Terms$/ },
  { path: '/signin', heading: /^Investor sign in$/, action: 'Sign in' },
  { path: '/application-status', heading: /^Application status$/, action: 'Check status' },
];

describe('the public pages, prerendered', () => {
  it.each(PRERENDERED)('$path shows its content with JavaScript off, at 390 and 1280 px', async ({ path, heading, action }) => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const context = await app.browser.newContext({ viewport, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        const response = await page.goto(app.url(path));
        expect(response?.status(), path).toBe(200);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: path }).toMatch(heading);
        if (action)
          expect(
            await page
              .getByRole('button', { name: action })
              .or(page.getByRole('link', { name: action }))
              .count(),
            action,
          ).toBeGreaterThan(0);
        if (viewport === VIEWPORTS.phone && path === '/') await saveScreenshot(page, 'prerendered-landing-without-js');
      } finally {
        await context.close();
      }
    }
  });

  it.each(PRERENDERED)('$path hydrates its HTML without a React error', async ({ path, heading }) => {
    const page = await app.newPage(VIEWPORTS.phone);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
    });
    // The heading as the HTML parser built it, before any script ran (a string: see harness.ts).
    await page.addInitScript(`document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') window.__prerenderedHeading = document.querySelector('h1');
    });`);
    await page.goto(app.url(path));
    // Hydrated: React has attached itself to the very element the server sent, rather than replacing it.
    await expect
      .poll(() =>
        page.evaluate(`(() => {
          const h1 = document.querySelector('h1');
          return h1 === window.__prerenderedHeading && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
        })()`),
      )
      .toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(heading);
    await page.waitForLoadState('networkidle');
    expect(errors, path).toEqual([]);
  });
});

describe('the public pages with the owner’s terms', () => {
  it('are served with those terms in their HTML, so the first paint shows them, and hydrate without a React error', async () => {
    await fixtures.setBusinessSettings(app.server.baseUrl, app.adminAuthorization(), {
      pricePerAcre: '4,250,000',
      retailPricePerAcre: '8,100,000',
      projectAcres: '240',
    });
    // JavaScript off: what the HTML as served paints, at both widths.
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const context = await app.browser.newContext({ viewport, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await expect
          .poll(
            async () => {
              await page.goto(app.url('/'));
              return page.getByTestId('hero-wholesale').innerText();
            },
            { timeout: 15_000 },
          )
          .toBe('₦4.25M');
        const text = await page.locator('#root').innerText();
        expect(text).toContain('₦8.1M');
        expect(text).not.toMatch(/₦3\.5M|₦7\.5M|200 acres/);
        await saveScreenshot(page, `prerendered-owners-terms-without-js-${viewport.width}`);
      } finally {
        await context.close();
      }
    }
    // JavaScript on: React takes the page over with the same figures, never SPEC's in between.
    const page = await app.newPage(VIEWPORTS.phone);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
    });
    const shown: string[] = [];
    await page.exposeFunction('__recordWholesale', (text: string) => void shown.push(text));
    await page.addInitScript(`document.addEventListener('readystatechange', () => {
      const hero = document.querySelector('[data-testid="hero-wholesale"]');
      if (hero) window.__recordWholesale(hero.textContent);
    });`);
    await page.goto(app.url('/'));
    await page.waitForLoadState('networkidle');
    shown.push(await page.getByTestId('hero-wholesale').innerText());
    expect(new Set(shown)).toEqual(new Set(['₦4.25M']));
    expect(errors).toEqual([]);
  });
});

// Last in the file: every page the tests above opened ran under the CSP without a violation.
it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
