// Issue 12, item 5, in the browser: an affiliate reports a sale with its proof, the admin
// verifies it (seeing the proof), gathers it into a payout batch, exports the batch for the
// bank and marks it paid; the affiliate sees the commission paid with the date and the
// transfer reference. Then the admin suspends the affiliate, whose next report is refused.

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, registerAffiliate, type Investor } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';
import { readText, settleAnimations } from './page-text';
import { clickAndAwaitPost } from './fixtures/posted';
import { answerConfirmation } from './fixtures/confirm';

const app = useBrowserApp();

const NOT_ACTIVE = 'Your affiliate account is not active';
const RECEIPT = { name: 'sale-receipt.png', mimeType: 'image/png', buffer: makePng(24, 16, [0, 90, 40], [220, 240, 220]) };

const toast = (page: Page) => page.getByTestId('toast');
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));

const closeToast = async (page: Page) => {
  const close = toast(page).getByRole('button');
  if (await close.count()) await close.first().click();
  await toast(page).waitFor({ state: 'detached' });
};

let ada: Investor;
let affiliateContext: BrowserContext;
let affiliatePage: Page;
let adminContext: BrowserContext;
let adminPage: Page;
let paidReference = '';

/** The affiliate's dashboard in a browser holding their session cookie. */
const openAffiliateDashboard = async () => {
  const opened = await app.openPage(VIEWPORTS.desktop);
  const cookie = ada.cookie.split('=');
  await opened.context.addCookies([{ name: cookie[0]!, value: cookie.slice(1).join('='), url: app.server.baseUrl }]);
  await opened.page.goto(app.url('/affiliate/dashboard'));
  await opened.page.getByTestId('report-sale-open').waitFor();
  return opened;
};

const fillSale = async (page: Page, client: string) => {
  await page.getByTestId('report-sale-open').click();
  await page.getByRole('dialog', { name: 'Report New Sale' }).waitFor();
  await byLabel(page, 'Client name').fill(client);
  await byLabel(page, 'Client phone').pressSequentially('08051234567');
  await page.getByTestId('sale-amount').fill('3500000');
};

beforeAll(async () => {
  ada = await app.signUpInvestor('Ada', 'Obi');
  await registerAffiliate(app.server.baseUrl, ada);
  ({ context: affiliateContext, page: affiliatePage } = await openAffiliateDashboard());
  ({ context: adminContext, page: adminPage } = await app.openPage(VIEWPORTS.desktop, { acceptDownloads: true }));
  await adminPage.goto(app.url('/admin'));
  await app.signInAdmin(adminPage);
  await adminPage.getByTestId('admin-refresh').waitFor();
  await adminPage.getByTestId('tab-affiliates').click();
});

afterAll(async () => {
  await affiliateContext?.close();
  await adminContext?.close();
});

describe('an affiliate paid, not only verified', () => {
  it('reports a sale with its proof image', async () => {
    const page = affiliatePage;
    await fillSale(page, 'Ngozi Eze');
    await page.getByRole('button', { name: 'Proof of sale (optional)' }).click();
    const modal = page.getByTestId('image-uploader');
    await modal.waitFor();
    await modal.locator('.uppy-Dashboard').waitFor();
    await modal.locator('input[type="file"]').first().setInputFiles(RECEIPT);
    const upload = modal.locator('.uppy-StatusBar-actionBtn--upload');
    await upload.waitFor();
    await upload.click();
    await modal.waitFor({ state: 'detached', timeout: 20_000 });
    const reported = await clickAndAwaitPost(page, 'report-sale-submit', '/api/affiliate/report-sale');
    expect(reported.status()).toBe(201);
    expect(reported.request().postDataJSON()).toMatchObject({
      clientName: 'Ngozi Eze',
      proofImagePath: expect.stringMatching(/^\/objects\//),
    });
    await eventually(() => readText(toast(page))).toContain('Sale Reported Successfully!');
  });

  it('the admin sees the proof when verifying the sale', async () => {
    const page = adminPage;
    await page.getByTestId('admin-refresh').click();
    const row = page.locator('[data-testid="affiliate-sale-row"]:visible').filter({ hasText: 'Ngozi Eze' }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    const dialog = page.getByTestId('sale-review');
    await dialog.waitFor();
    await eventually(() => dialog.getByTestId('sale-proof-image').count()).toBe(1);
    await settleAnimations(page, 5000);
    await saveScreenshot(page, 'affiliate-payouts-sale-proof-1280', { fullPage: false });
    await dialog.getByTestId('sale-review-verify').click();
    await answerConfirmation(page, 'sale-review-confirm');
    await eventually(() => readText(toast(page))).toContain('Sale verified');
    await dialog.waitFor({ state: 'detached' });
    await closeToast(page);
  });

  it('creates a payout batch, exports it for the bank and marks it paid with the reference', async () => {
    const page = adminPage;
    const section = page.getByTestId('payouts-section');
    await section.scrollIntoViewIfNeeded();
    await eventually(() => readText(page.getByTestId('payout-unpaid-summary'))).toContain('1 verified, unpaid commission');
    await page.getByTestId('payout-create-batch').click();
    const asked = await answerConfirmation(page, 'payout-confirm');
    for (const shown of ['Create this payout batch?', 'Total to pay', '₦', 'cannot be undone']) expect(asked).toContain(shown);
    await eventually(() => readText(toast(page))).toContain('Payout batch created');
    await closeToast(page);
    const batch = page.getByTestId('payout-batch').first();
    await eventually(() => readText(batch.getByTestId('payout-status'))).toBe('Awaiting transfer');
    await eventually(() => readText(batch.getByTestId('payout-total'))).toBe('₦175,000');
    const reference = await readText(batch.getByTestId('payout-reference'));
    expect(reference).toMatch(/^ACRES-PO-\d{8}-[0-9A-F]{6}$/);
    await eventually(() => readText(page.getByTestId('payout-unpaid-summary'))).toContain('0 verified, unpaid commissions');

    const [download] = await Promise.all([page.waitForEvent('download'), batch.getByTestId('payout-export').click()]);
    expect(download.suggestedFilename()).toBe(`payout-${reference}.csv`);
    const csv = (await new Response((await download.createReadStream()) as unknown as ReadableStream).text()).replace(
      /^\uFEFF/,
      '',
    );
    expect(csv.trim().split('\r\n')).toEqual([
      'Affiliate Name,Bank Name,Account Number,Account Name,Amount (NGN),Reference,Commissions',
      `Ada Obi,Zenith Bank,0123456789,Ada Obi,175000,${reference},1`,
    ]);
    await closeToast(page);

    await batch.getByLabel('Transfer reference').fill('GTB-TRF-0042');
    await batch.getByTestId('payout-mark-paid').click();
    await eventually(() => readText(batch.getByTestId('payout-status'))).toBe('Paid');
    await eventually(() => readText(batch.getByTestId('payout-paid'))).toContain('GTB-TRF-0042');
    paidReference = 'GTB-TRF-0042';
    await closeToast(page);
    await section.scrollIntoViewIfNeeded();
    await settleAnimations(page, 5000);
    await saveScreenshot(page, 'affiliate-payouts-admin-1280', { fullPage: false });
    await page.setViewportSize(VIEWPORTS.phone);
    await section.scrollIntoViewIfNeeded();
    await settleAnimations(page, 5000);
    await saveScreenshot(page, 'affiliate-payouts-admin-390', { fullPage: false });
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('the affiliate sees the commission paid, with the date and the transfer reference', async () => {
    const page = affiliatePage;
    await page.reload();
    const status = page.getByTestId('sale-row').filter({ hasText: 'Ngozi Eze' }).getByTestId('sale-commission-status');
    await eventually(() => readText(status)).toMatch(new RegExp(`^Paid .+ · ref ${paidReference}$`));
    await eventually(() => readText(page.getByTestId('statement-commission-status'))).toContain(`ref ${paidReference}`);
    await settleAnimations(page, 5000);
    await saveScreenshot(page, 'affiliate-payouts-dashboard-1280');
  });

  it('the admin suspends the affiliate; their next report is refused with the reason', async () => {
    const page = adminPage;
    const row = page.locator('[data-testid="affiliate-row"]:visible').filter({ hasText: 'Ada Obi' }).first();
    await row.click();
    const dialog = page.getByTestId('affiliate-detail');
    await dialog.waitFor();
    await dialog.getByTestId('affiliate-suspend-reason').fill('Sales could not be verified with the escrow bank');
    await dialog.getByTestId('affiliate-suspend').click();
    await eventually(() => readText(toast(page))).toContain('Affiliate suspended');
    await eventually(() => readText(dialog.getByTestId('affiliate-status'))).toBe('suspended');
    await dialog.getByTestId('affiliate-reactivate').waitFor();
    await settleAnimations(page, 5000);
    await saveScreenshot(page, 'affiliate-payouts-suspended-1280', { fullPage: false });

    const affiliate = affiliatePage;
    await fillSale(affiliate, 'Emeka Obi');
    const refused = await clickAndAwaitPost(affiliate, 'report-sale-submit', '/api/affiliate/report-sale');
    expect(refused.status()).toBe(403);
    await eventually(() => readText(toast(affiliate))).toContain('Failed to Report Sale');
    await eventually(() => readText(toast(affiliate))).toContain(NOT_ACTIVE);
  });
});
