// Issue 11, "every screen light to load": the JavaScript the landing page loads before any
// interaction stays within 150 KB gzipped, and what it left out (the dialogs and their forms)
// still arrives when a visitor asks for it.
import { request } from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';

const INITIAL_JS_GZIP_BUDGET = 150_000;

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

describe('the weight of the landing page', () => {
  it(`loads at most ${INITIAL_JS_GZIP_BUDGET / 1000} KB of gzipped JavaScript before any interaction`, async () => {
    const page = await app.newPage(VIEWPORTS.phone);
    const scripts = recordScripts(page);
    await page.goto(app.url('/'), { waitUntil: 'networkidle' });
    await page.getByTestId('hero').waitFor();
    await page.waitForLoadState('networkidle');

    const urls = [...scripts];
    expect(urls.length).toBeGreaterThan(0);
    const gzip = await Promise.all(urls.map((url) => wireSize(url, 'gzip')));
    const brotli = await Promise.all(urls.map((url) => wireSize(url, 'br')));
    for (const [index, answer] of gzip.entries()) expect(answer.contentEncoding, urls[index]).toBe('gzip');
    for (const [index, answer] of brotli.entries()) expect(answer.contentEncoding, urls[index]).toBe('br');
    const gzipTotal = sum(gzip.map((answer) => answer.bytes));
    console.info(
      `initial JS of /: ${urls.length} files, ${(gzipTotal / 1000).toFixed(1)} KB gzip, ${(sum(brotli.map((a) => a.bytes)) / 1000).toFixed(1)} KB brotli`,
    );
    expect(gzipTotal).toBeLessThanOrEqual(INITIAL_JS_GZIP_BUDGET);
  });

  it('fetches the Reserve Your Slot dialog on the first click, and it works', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    const scripts = recordScripts(page);
    await page.goto(app.url('/'), { waitUntil: 'networkidle' });
    const initial = new Set(scripts);

    await page.getByTestId('nav-reserve').click();
    const dialog = page.getByRole('dialog', { name: 'Reserve Your Slot' });
    await dialog.waitFor();
    // The dialog's code came with the click, not with the page.
    expect([...scripts].filter((url) => !initial.has(url)).length).toBeGreaterThan(0);
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

// Last in the file: every page the tests above opened ran under the CSP without a violation.
it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
