// Small things that cost trust (issue 11): an instruction to pay an amount the form refuses, a
// toast over the Next button, times that differ between pages, '₦0M', '₦1,500M', a raw
// date of birth, and a would-be affiliate greeted as an investor.

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePng, setBusinessSettings, submitPayment } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { APPLICANT, fillToSummary } from './fixtures/application-wizard';
import { atBothWidths } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS } from './harness';

const app = useBrowserApp();

// Payment proofs are refused until the escrow account is set (issue 12).
beforeAll(() => setBusinessSettings(app.server.baseUrl, app.adminAuthorization()));

const PHOTO = { name: 'passport.png', mimeType: 'image/png', buffer: makePng(90, 110, [30, 60, 90], [200, 180, 150]) };

async function signedInPage(page: Page, firstName: string): Promise<void> {
  await app.signUpInPage(page, {
    firstName,
    lastName: 'Okafor',
    email: `${firstName.toLowerCase()}.${Date.now()}@example.ng`,
    password: 'escrow-2024-safe',
  });
}

const settle = (locator: Locator) =>
  locator.evaluate((el) => Promise.allSettled(el.getAnimations({ subtree: true }).map((a) => a.finished)));

describe('the investor dashboard', () => {
  it('names no amount to pay while the acres cannot be submitted, and ₦0 when nothing is confirmed', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    await signedInPage(page, 'Ngozi');
    await page.goto(app.url('/dashboard'));
    await page.getByTestId('payments-empty').waitFor();
    expect(await page.getByTestId('summary-amount').locator('dd').first().textContent()).toBe('₦0');

    const acres = page.getByTestId('acres-input');
    const amount = page.getByTestId('payment-amount-display');
    const instructions = page.getByTestId('payment-instructions-amount');
    await acres.fill('500');
    await expect.poll(() => page.locator('[data-field="acres"] [role="alert"]').textContent()).toBe('Maximum 200 acres');
    await expect.poll(() => amount.textContent()).toBe('—');
    expect(await instructions.textContent()).not.toContain('₦');
    expect(await page.getByTestId('payment-proof-card').textContent()).not.toMatch(/₦1,75|₦1\.75B/);
    await saveScreenshot(page, 'trust-dashboard-500-acres-1280');

    // An empty entry falls back to 25 acres (SPEC 5), and the instruction names its amount.
    await acres.fill('');
    await expect.poll(() => amount.textContent()).toBe('₦87.5M');
    expect(await instructions.textContent()).toContain('₦87.5M (₦87,500,000)');
    await acres.fill('200');
    await expect.poll(() => instructions.textContent()).toContain('₦700M (₦700,000,000)');
  });

  it('shows a payment at the same Lagos time as the admin does, from a browser in New York', async () => {
    const investor = await app.signUpInvestor('Tobi', 'Lawal');
    await submitPayment(app.server.baseUrl, investor, 30, makePng(60, 40, [19, 78, 56], [227, 177, 55]));

    const newYork = await app.browser.newContext({ viewport: VIEWPORTS.desktop, timezoneId: 'America/New_York' });
    try {
      const [name, value] = investor.cookie.split('=') as [string, string];
      await newYork.addCookies([{ name, value, url: app.server.baseUrl }]);
      const dashboard = await newYork.newPage();
      await dashboard.goto(app.url('/dashboard'));
      const item = dashboard.getByTestId('payment-item');
      await item.waitFor();
      const shownToInvestor = (await item.textContent()) ?? '';
      const time = /\d{1,2} \w{3} \d{4}, \d{2}:\d{2} WAT/.exec(shownToInvestor)?.[0];
      expect(time, shownToInvestor).toBeDefined();

      const admin = await newYork.newPage();
      await admin.goto(app.url('/admin'));
      await app.signInAdmin(admin);
      await admin.getByTestId('tab-payments').click();
      const row = admin.locator('[data-testid="payment-row"]:visible').first();
      await row.waitFor();
      expect(await row.textContent()).toContain(time);
      // The same instant read in Lagos, whatever the browser's zone.
      const submittedAt = await dashboard.evaluate('document.querySelector("[data-testid=payment-item] time")?.dateTime ?? ""');
      if (submittedAt) {
        const lagos = new Intl.DateTimeFormat('en-GB', {
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone: 'Africa/Lagos',
        });
        expect(time).toContain(lagos.format(new Date(submittedAt as string)));
      }
    } finally {
      await newYork.close();
    }
  });
});

describe('the landing page', () => {
  it('reads ₦1.5B, not ₦1,500M, for 200 acres at retail', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    await page.goto(app.url('/'));
    await page.getByTestId('calculator-acres').fill('200');
    await expect.poll(() => page.getByTestId('calculator-retail').textContent()).toBe('₦1.5B');
  });
});

describe('the application wizard', () => {
  it('keeps the Next button clear of the Photo Uploaded toast, and spells out the date of birth', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    await page.goto(app.url('/'));
    await page.getByTestId('hero-apply').click();
    const dialog = page.getByRole('dialog', { name: 'Full Subscription Application' });
    await dialog.waitFor();
    await settle(dialog);

    await page.getByTestId('passport-photo-upload').click();
    const modal = page.getByTestId('image-uploader');
    await modal.locator('.uppy-Dashboard').waitFor();
    await modal.locator('input[type="file"]').first().setInputFiles(PHOTO);
    await modal.locator('.uppy-StatusBar-actionBtn--upload').click();
    await modal.waitFor({ state: 'detached', timeout: 20_000 });
    const toast = page.getByTestId('toast');
    // The toast shows for five seconds: both widths are measured while it does.
    await atBothWidths(page, async (viewport) => {
      await expect.poll(() => toast.textContent()).toContain('Photo Uploaded');
      await settle(toast);

      const next = page.getByTestId('application-next');
      const [t, n] = [await toast.boundingBox(), await next.boundingBox()];
      expect(t && n).toBeTruthy();
      const overlaps = t!.x < n!.x + n!.width && n!.x < t!.x + t!.width && t!.y < n!.y + n!.height && n!.y < t!.y + t!.height;
      expect(overlaps, `toast ${JSON.stringify(t)} over Next ${JSON.stringify(n)} at ${viewport.width} px`).toBe(false);
      await saveScreenshot(page, `trust-photo-toast-${viewport.width}`, { fullPage: false });
    });
  });

  it('shows the date of birth as 12 April 1985 in the summary', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    await page.goto(app.url('/'));
    await page.getByTestId('hero-apply').click();
    const dialog = page.getByRole('dialog', { name: 'Full Subscription Application' });
    await dialog.waitFor();
    await fillToSummary(page, dialog, APPLICANT);
    const summary = dialog.getByTestId('application-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('12 April 1985');
    expect(await summary.textContent()).not.toContain('1985-04-12');
  });
});

describe('the sign-in page', () => {
  it('names the affiliate programme to someone coming from it, and the investor area otherwise', async () => {
    const page = await app.newPage(VIEWPORTS.phone);
    await page.goto(app.url('/affiliate'));
    await page.getByTestId('affiliate-signup').first().click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await expect.poll(() => page.getByTestId('signin-title').textContent()).toBe('Affiliate sign in');
    await expect.poll(() => page.title()).toContain('Affiliate sign in');
    await saveScreenshot(page, 'trust-signin-affiliate-390');

    await page.goto(app.url('/signin?returnTo=/dashboard'));
    await expect.poll(() => page.getByTestId('signin-title').textContent()).toBe('Investor sign in');
  });
});

it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
