import { formatMillions, PAYMENT_ACRES, PAYMENT_MESSAGES, WHOLESALE_PRICE_PER_ACRE } from '@acres/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePng, setBusinessSettings } from './fixtures/api';
import { useBrowserApp, type Viewport } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';
import { waitForErrorFocus } from './fixtures/error-focus';

const ADMIN_NOTES = 'Transfer confirmed in the escrow account';

const app = useBrowserApp();

// The dashboard shows the escrow account the admin set, and proofs are taken only then (issue 12).
beforeAll(async () => setBusinessSettings(app.server.baseUrl, app.adminAuthorization()));

// A real PNG (the server checks the bytes): a green-to-gold gradient a thumbnail visibly shows.
const RECEIPT = { name: 'transfer-receipt.png', mimeType: 'image/png', buffer: makePng(120, 90, [19, 78, 56], [227, 177, 55]) };

// ---- helpers ----

const newPage = (viewport: Viewport): Promise<Page> => app.newPage(viewport);

async function settle(locator: Locator): Promise<void> {
  await locator.evaluate((el) => Promise.allSettled(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

const toast = (page: Page) => page.getByTestId('toast');

// In the page's own clock, kept in sessionStorage across the redirect to /signin: when the
// Unauthorized toast entered the DOM, and when the page began to navigate away after it.
// Strings, not functions: the test runner's transform would leak helpers into the page.
const TIME_TOAST_AND_UNLOAD = `(() => {
  if (location.pathname !== '/dashboard') return;
  const note = () => {
    if (sessionStorage.getItem('test:toastShownAt')) return;
    const shown = [...document.querySelectorAll('[data-testid="toast"]')].some((el) => el.textContent.includes('Unauthorized'));
    if (shown) sessionStorage.setItem('test:toastShownAt', String(Date.now()));
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
  addEventListener('beforeunload', () => {
    if (sessionStorage.getItem('test:toastShownAt')) sessionStorage.setItem('test:leftAt', String(Date.now()));
  });
})()`;
const READ_TIMES = `(() => {
  const read = (key) => (sessionStorage.getItem(key) === null ? null : Number(sessionStorage.getItem(key)));
  return { shownAt: read('test:toastShownAt'), leftAt: read('test:leftAt') };
})()`;

async function signUp(page: Page, user: { firstName: string; email: string }): Promise<void> {
  await page.goto(`${app.server.baseUrl}/signin?returnTo=/dashboard`);
  await page.getByTestId('tab-signup').click();
  const form = page.getByTestId('signup-form');
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill('Okafor');
  await form.getByLabel('Email').fill(user.email);
  await form.locator('input[name="password"]').fill('escrow-2024-safe');
  await page.getByTestId('signup-submit').click();
  // Sign-up signs nobody in: the page says to check the inbox, then the password signs in.
  await page.getByTestId('signup-accepted').waitFor();
  await page.getByTestId('signup-accepted-signin').click();
  const signin = page.getByTestId('signin-form');
  await expect.poll(() => signin.getByLabel('Email').inputValue()).toBe(user.email);
  await signin.locator('input[name="password"]').fill('escrow-2024-safe');
  await page.getByTestId('signin-submit').click();
  await page.waitForURL(`${app.server.baseUrl}/dashboard`);
  await expect.poll(() => page.getByTestId('welcome').textContent()).toBe(`Welcome back, ${user.firstName}`);
}

/** A new investor who agreed to no consent text starts with marketing off (DESIGN 11: consent is never assumed). */
async function expectMarketingOff(page: Page): Promise<void> {
  const marketing = page.getByTestId('preference-marketing-email');
  await marketing.waitFor();
  await expect.poll(() => marketing.getAttribute('data-state')).toBe('unchecked');
}

async function openUploader(page: Page): Promise<Locator> {
  // The field's label names the button.
  await page.getByRole('button', { name: 'Proof of payment' }).click();
  const modal = page.getByTestId('image-uploader');
  await modal.waitFor();
  await modal.locator('.uppy-Dashboard').waitFor();
  await settle(modal);
  return modal;
}

async function chooseFile(modal: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<Locator> {
  await modal.locator('input[type="file"]').first().setInputFiles(file);
  const upload = modal.locator('.uppy-StatusBar-actionBtn--upload');
  await upload.waitFor();
  // No auto-start: the file waits for the Upload button.
  await expect.poll(() => modal.locator('.uppy-StatusBar.is-waiting').count()).toBe(1);
  return upload;
}

async function uploadReceipt(page: Page, modal: Locator, screenshot?: string): Promise<void> {
  const upload = await chooseFile(modal, RECEIPT);
  if (screenshot) await saveScreenshot(page, screenshot, { fullPage: false });
  await upload.click();
  // The modal closes itself once the server has stored the file.
  await modal.waitFor({ state: 'detached', timeout: 20_000 });
  await expect.poll(() => page.getByTestId('upload-file-name').textContent()).toBe(RECEIPT.name);
}

async function approveAsAdmin(paymentId: string): Promise<Response> {
  return fetch(`${app.server.baseUrl}/api/admin/payments/${paymentId}/status`, {
    method: 'PUT',
    headers: { authorization: app.adminAuthorization(), 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved', adminNotes: ADMIN_NOTES }),
  });
}

const acresInput = (page: Page) => page.getByTestId('acres-input');
const amountShown = (page: Page) => page.getByTestId('payment-amount-display').textContent();

describe('the investor dashboard', () => {
  describe('for a visitor who is not signed in', () => {
    it('shows the Unauthorized toast, then goes through the login path to /signin after a second', async () => {
      const page = await newPage(VIEWPORTS.desktop);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });
      // The page itself notes when the toast enters the DOM and when it starts to leave, so a
      // busy test runner, which may see the toast late, does not shorten the measured wait.
      await page.addInitScript(TIME_TOAST_AND_UNLOAD);
      const loginRequest = page.waitForRequest((r) => r.url().includes('/api/login'));
      await page.goto(`${app.server.baseUrl}/dashboard`);
      await expect.poll(() => toast(page).textContent()).toContain('Unauthorized');
      expect(await toast(page).textContent()).toContain('You need to log in to access the dashboard. Redirecting...');
      const request = await loginRequest;
      expect(new URL(request.url()).searchParams.get('returnTo')).toBe('/dashboard');
      await page.waitForURL((url) => url.pathname === '/signin');
      const times = (await page.evaluate(READ_TIMES)) as { shownAt: number | null; leftAt: number | null };
      expect(times.shownAt, 'when the toast showed').not.toBeNull();
      expect(times.leftAt, 'when /dashboard started to leave').not.toBeNull();
      // SPEC 4: the login redirect waits 1 second (allow for the toast's own render time).
      expect(times.leftAt! - times.shownAt!).toBeGreaterThanOrEqual(700);
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/dashboard');
      expect(navigations.some((url) => url.startsWith(`${app.server.baseUrl}/dashboard`))).toBe(true);
      await page.getByTestId('signin-form').waitFor();
      await saveScreenshot(page, 'investor-signin-1280');
      await page.setViewportSize(VIEWPORTS.phone);
      await saveScreenshot(page, 'investor-signin-390');
    });
  });

  describe('sign-in errors', () => {
    it('names a wrong password, and answers a sign-up with a taken email as any other (finding 9)', async () => {
      const page = await newPage(VIEWPORTS.phone);
      await signUp(page, { firstName: 'Bola', email: 'bola@example.ng' });
      await expectMarketingOff(page);
      await page.context().clearCookies();

      await page.goto(`${app.server.baseUrl}/signin`);
      const signin = page.getByTestId('signin-form');
      await signin.getByLabel('Email').fill('bola@example.ng');
      await signin.locator('input[name="password"]').fill('not-the-password-1');
      await page.getByTestId('signin-submit').click();
      await expect.poll(() => signin.getByRole('alert').textContent()).toBe('Incorrect email or password');

      await page.getByTestId('tab-signup').click();
      const signup = page.getByTestId('signup-form');
      await signup.getByLabel('First name').fill('Bola');
      await signup.getByLabel('Last name').fill('Ade');
      await signup.getByLabel('Email').fill('BOLA@example.ng');
      await signup.locator('input[name="password"]').fill('short');
      await page.getByTestId('signup-submit').click();
      await expect
        .poll(() => signup.locator('[data-field="password"] [role="alert"]').textContent())
        .toBe('Password must be at least 8 characters');
      await signup.locator('input[name="password"]').fill('long-enough-1');
      await page.getByTestId('signup-submit').click();
      // Nothing says the address has an account: its owner is told by email.
      await page.getByTestId('signup-accepted').waitFor();
      expect(await page.getByTestId('signup-accepted').textContent()).not.toContain('already exists');

      // The right password goes on to the dashboard (the default returnTo).
      await page.getByTestId('signup-accepted-signin').click();
      await expect.poll(() => signin.getByLabel('Email').inputValue()).toBe('bola@example.ng');
      await signin.locator('input[name="password"]').fill('escrow-2024-safe');
      await page.getByTestId('signin-submit').click();
      await page.waitForURL(`${app.server.baseUrl}/dashboard`);
      await expect.poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome back, Bola');
    });
  });

  describe('for a signed-in investor', () => {
    it('submits a payment proof, then sees the admin approval and the timeline', async () => {
      const page = await newPage(VIEWPORTS.desktop);
      await signUp(page, { firstName: 'Ada', email: 'ada.investor@example.ng' });
      await page.getByTestId('payments-empty').waitFor();
      // A new investor who agreed to no consent text starts with marketing off (DESIGN 11).
      await expectMarketingOff(page);
      expect(await acresInput(page).inputValue()).toBe(String(PAYMENT_ACRES.default));
      expect(await amountShown(page)).toContain(formatMillions(PAYMENT_ACRES.default * WHOLESALE_PRICE_PER_ACRE));
      expect(await page.getByTestId('payment-instructions').textContent()).toContain('Acres Wholesale Escrow Account');
      await saveScreenshot(page, 'investor-dashboard-empty-1280');

      // Without a proof the form names what is missing and sends nothing.
      let posts = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/payments') posts += 1;
      });
      await page.getByTestId('payment-submit').click();
      await expect
        .poll(() => page.locator('[data-field="proofImagePath"] [role="alert"]').textContent())
        .toBe(PAYMENT_MESSAGES.proofImage);
      expect(posts).toBe(0);
      await waitForErrorFocus(page);

      // An empty acres entry falls back to 25; 30 acres cost 105M.
      await acresInput(page).fill('');
      await expect.poll(() => amountShown(page)).toContain('₦87.5M');
      await acresInput(page).fill('250');
      await expect.poll(() => page.locator('[data-field="acres"] [role="alert"]').textContent()).toBe(PAYMENT_MESSAGES.maxAcres);
      await acresInput(page).fill('30');
      await expect.poll(() => page.locator('[data-field="acres"] [role="alert"]').count()).toBe(0);
      await expect.poll(() => amountShown(page)).toContain('₦105M');

      const modal = await openUploader(page);
      await saveScreenshot(page, 'investor-uploader-1280', { fullPage: false });
      await uploadReceipt(page, modal, 'investor-uploader-chosen-1280');
      expect(await page.locator('[data-field="proofImagePath"] [role="alert"]').count()).toBe(0);

      await page.getByTestId('payment-submit').click();
      await expect.poll(() => toast(page).textContent()).toContain('Payment submitted successfully');
      expect(await toast(page).textContent()).toContain(
        'Your payment proof has been submitted for review. Check your dashboard for the outcome.',
      );
      expect(posts).toBe(1);
      // SPEC 4: acres back to 25, and the proof is cleared for the next payment.
      await expect.poll(() => acresInput(page).inputValue()).toBe('25');
      await expect.poll(() => page.getByTestId('upload-file-name').count()).toBe(0);

      const item = page.getByTestId('payment-item');
      await expect.poll(() => item.count()).toBe(1);
      expect(await item.getByTestId('payment-status').textContent()).toBe('Pending review');
      expect(await item.getByTestId('payment-acres').textContent()).toBe('30 acres');
      expect(await item.getByTestId('payment-amount').textContent()).toBe('₦105M');
      // The thumbnail is the stored image, served to its owner.
      await expect
        .poll(() => item.getByTestId('proof-thumbnail').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(120);

      const paymentId = await item.getAttribute('data-payment-id');
      expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
      const approval = await approveAsAdmin(paymentId!);
      expect(approval.status).toBe(200);

      // A new page load: no polling in the SPA, the investor reloads to see the decision.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByTestId('payment-item').waitFor();
            return page.getByTestId('payment-status').textContent();
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe('Approved');
      expect(await page.getByTestId('payment-admin-notes').textContent()).toBe(`Note from our team: ${ADMIN_NOTES}`);
      expect(await page.getByTestId('summary-acres').textContent()).toContain('30');

      await page.getByTestId('timeline-toggle').click();
      const entries = page.getByTestId('timeline-entry');
      await expect.poll(() => entries.count()).toBe(2);
      expect(await entries.nth(0).getAttribute('data-type')).toBe('submitted');
      expect(await entries.nth(0).textContent()).toContain('Ada Okafor');
      expect(await entries.nth(1).getAttribute('data-type')).toBe('approved');
      expect(await entries.nth(1).textContent()).toContain('Payment approved');
      expect(await entries.nth(1).getByTestId('timeline-notes').textContent()).toBe(ADMIN_NOTES);
      // The admin's username is half of the admin credentials: never shown to investors.
      expect(await entries.nth(1).textContent()).not.toContain(app.server.adminUsername + ' ');
      await saveScreenshot(page, 'investor-dashboard-history-1280');

      await page.setViewportSize(VIEWPORTS.phone);
      await saveScreenshot(page, 'investor-dashboard-history-390');
      const phoneModal = await openUploader(page);
      await saveScreenshot(page, 'investor-uploader-390', { fullPage: false });
      await page.keyboard.press('Escape');
      await phoneModal.waitFor({ state: 'detached' });
    });

    it('answers a 401 on submit with Session expired, then goes to login after a second', async () => {
      const page = await newPage(VIEWPORTS.phone);
      await signUp(page, { firstName: 'Chidi', email: 'chidi@example.ng' });
      await page.getByTestId('payments-empty').waitFor();
      await saveScreenshot(page, 'investor-dashboard-empty-390');

      // Bytes that are not an image: the server refuses them and the person reads why.
      const modal = await openUploader(page);
      const fake = { name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture of a receipt') };
      await (await chooseFile(modal, fake)).click();
      await expect.poll(() => toast(page).textContent()).toContain('Upload Error');
      expect(await toast(page).textContent()).toContain('Only JPG, PNG or WebP images are accepted');
      expect(await modal.isVisible()).toBe(true);
      // (Escape would first dismiss the toast, the newest layer.)
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'detached' });
      expect(await page.getByTestId('upload-file-name').count()).toBe(0);

      // No upload URL (the connection drops): SPEC 8's 'Upload Error' / 'Failed to get upload URL'.
      await page.route('**/api/objects/upload', (route) => route.abort('connectionreset'));
      const retry = await openUploader(page);
      await (await chooseFile(retry, RECEIPT)).click();
      await expect.poll(() => toast(page).textContent()).toContain('Failed to get upload URL');
      expect(await toast(page).textContent()).toContain('Upload Error');
      await page.unroute('**/api/objects/upload');
      await retry.getByRole('button', { name: 'Close', exact: true }).click();
      await retry.waitFor({ state: 'detached' });

      await uploadReceipt(page, await openUploader(page));

      // The session ends behind the page's back (expired, or logged out in another tab).
      await page.context().clearCookies();
      await page.getByTestId('payment-submit').click();
      await expect.poll(() => toast(page).textContent()).toContain('Session expired');
      expect(await toast(page).textContent()).toContain('Please log in again');
      await page.waitForURL((url) => url.pathname === '/signin', { timeout: 10_000 });
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/dashboard');
    });
  });
});

// Last in the file: every page the tests above opened ran under the CSP without a violation.
it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
