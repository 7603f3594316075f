// Access and portability (issue 14, item 3): an investor downloads everything held about
// them from the dashboard, and the admin downloads the same from a payment's review, at
// 390 px and 1280 px. The spec opens each ZIP and checks what is inside.

import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from './fixtures/api';
import { type Investor, makePng } from './fixtures/api';
import { useBrowserApp, type Viewport } from './fixtures/app';
import { atBothWidths } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';

const app = useBrowserApp();

const PROOF = makePng(320, 240, [19, 78, 56], [227, 177, 55]);
const OTHER_PROOF = makePng(64, 64, [120, 20, 20], [20, 20, 160]);
const settle = (page: Page) => waitForExpression(page, "document.getAnimations().every((a) => a.playState !== 'running')");

let ifeoma: Investor;
let kunle: Investor;
let ifeomaPaymentId = '';

const openAs = async (investor: Investor, viewport: Viewport, path: string) => {
  const page = await app.newPage(viewport, { acceptDownloads: true });
  const [name, ...value] = investor.cookie.split('=');
  await page.context().addCookies([{ name: name!, value: value.join('='), url: app.server.baseUrl }]);
  await page.goto(app.url(path));
  return page;
};

/** The downloaded ZIP: data.json parsed, every entry's bytes, and all of it as text for "not in it" checks. */
const openZip = async (download: Download) => {
  const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const data = JSON.parse(strFromU8(entries['data.json']!)) as {
    requested: { kind: string; id: string };
    readModels: {
      payments: { id: string; status: string }[];
      users: { email: string }[];
      affiliates: { bank_name: string; account_number: string }[];
    };
    events: { type: string; data: Record<string, unknown> }[];
    files: { name: string; purpose: string }[];
  };
  const text = Object.values(entries)
    .map((bytes) => Buffer.from(bytes).toString('latin1'))
    .join('\n');
  return { entries, data, text, summary: strFromU8(entries['summary.html']!) };
};

const expectIfeomasData = async (download: Download) => {
  expect(download.suggestedFilename()).toMatch(/^acres-data-user-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await openZip(download);
  expect(zip.data.readModels.users.map((user) => user.email)).toEqual([ifeoma.email]);
  expect(zip.data.readModels.payments.map((payment) => [payment.id, payment.status])).toEqual([[ifeomaPaymentId, 'approved']]);
  expect(zip.data.events.find((event) => event.type === 'PaymentApproved')?.data.adminNotes).toBe('Matches the statement');
  const proof = zip.data.files.find((file) => file.purpose === 'payment-proof')!;
  expect(Buffer.from(zip.entries[proof.name]!).equals(PROOF)).toBe(true);
  expect(zip.summary).toContain('Ifeoma Nwosu');
  for (const other of [kunle.email, 'Kunle']) expect(zip.text).not.toContain(other);
  return zip;
};

/** Ifeoma's own download from the My data card on `page`, once the card is screenshotted. */
const downloadOwnData = async (page: Page, screenshot: string) => {
  const card = page.getByTestId('my-data-card');
  await card.waitFor();
  await card.scrollIntoViewIfNeeded();
  await settle(page);
  await saveScreenshot(page, screenshot, { fullPage: false });
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('download-my-data').click()]);
  return expectIfeomasData(download);
};

const nameOf = (width: number) => (width === VIEWPORTS.phone.width ? 'phone' : 'desktop');

beforeAll(async () => {
  await fixtures.setBusinessSettings(app.server.baseUrl, app.adminAuthorization());
  ifeoma = await app.signUpInvestor('Ifeoma', 'Nwosu');
  kunle = await app.signUpInvestor('Kunle', 'Adeyemi');
  ifeomaPaymentId = (await fixtures.submitPayment(app.server.baseUrl, ifeoma, 2, PROOF)).id;
  await fixtures.submitPayment(app.server.baseUrl, kunle, 1, OTHER_PROOF);
  // Ifeoma is an affiliate too: her profile and bank details are hers to download.
  await fixtures.registerAffiliate(app.server.baseUrl, ifeoma);
  const decided = await fetch(app.url(`/api/admin/payments/${ifeomaPaymentId}/status`), {
    method: 'PUT',
    headers: { authorization: app.adminAuthorization(), origin: app.server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved', adminNotes: 'Matches the statement' }),
  });
  await fixtures.expectStatus(decided, 200);
  // The approval's position: the investor's list waits for the read models to pass it.
  const { position } = (await decided.json()) as { position: string };
  const listed = await fetch(app.url('/api/payments'), { headers: { cookie: ifeoma.cookie, 'x-min-position': position } });
  await fixtures.expectStatus(listed, 200);
});

// Each page is opened once and downloads at both widths: the button is in another place on each.
describe('downloading the data at 390 and 1280 px', () => {
  it('the investor downloads their own ZIP from the dashboard', async () => {
    const page = await openAs(ifeoma, VIEWPORTS.desktop, '/dashboard');
    await atBothWidths(page, async ({ width }) => {
      await downloadOwnData(page, `data-export-dashboard-${nameOf(width)}`);
      await page.getByTestId('toast').filter({ hasText: 'Your data has been downloaded' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });

  it('the affiliate downloads the same from the affiliate dashboard, bank details included', async () => {
    const page = await openAs(ifeoma, VIEWPORTS.desktop, '/affiliate/dashboard');
    await atBothWidths(page, async ({ width }) => {
      const zip = await downloadOwnData(page, `data-export-affiliate-${nameOf(width)}`);
      expect(zip.data.readModels.affiliates).toMatchObject([{ bank_name: 'Zenith Bank', account_number: '0123456789' }]);
    });
  });

  it('the admin downloads the same from the payment’s review', async () => {
    const page = await app.newPage(VIEWPORTS.desktop, { acceptDownloads: true });
    await page.goto(app.url('/admin'));
    await app.signInAdmin(page);
    await page.getByTestId('tab-payments').click();
    const row = page.locator('[data-testid="payment-row"]:visible').filter({ hasText: 'Ifeoma' });
    // Listed as a card on a phone and as a table row on a desktop.
    await atBothWidths(page, () => row.first().waitFor());
    await row.first().click();
    const dialog = page.getByTestId('payment-review');
    await dialog.waitFor();
    await atBothWidths(page, async ({ width }) => {
      const button = dialog.getByTestId('download-subject-data');
      await button.scrollIntoViewIfNeeded();
      await settle(page);
      await saveScreenshot(page, `data-export-admin-payment-${nameOf(width)}`, { fullPage: false });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      const zip = await expectIfeomasData(download);
      expect(zip.data.requested.kind).toBe('user');
      await page.getByTestId('toast').filter({ hasText: 'has been downloaded' }).waitFor();
    });
  });
});
