// Email ownership in the SPA (issue 24, item 1): sign-up says to check the inbox and, on this
// install without an email transport, that the team can confirm the address by hand; the
// dashboard says the email is not confirmed and why it matters; /verify-email posts the emailed
// link's token (read here from the local outbox) and lands signed in, or says the link is dead
// and offers a new one; the admin confirms an address by hand from the payment review.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePng, setBusinessSettings, submitPayment } from './fixtures/api';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { useBrowserApp } from './fixtures/app';
import { readFromOutbox } from './fixtures/outbox';
import { atBothWidths, attemptSuffix } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS } from './harness';

const app = useBrowserApp();

/** The latest confirmation link's token written to the local outbox for this address. */
const readVerificationToken = (email: string) =>
  readFromOutbox({
    dataDir: app.server.dataDir,
    kind: 'email-verification',
    recipient: email,
    pattern: /\/verify-email\?token=([A-Za-z0-9._~%-]+)/,
  });
const PASSWORD = 'confirm acres 2026';

async function check(page: Page, name: string, width: number) {
  await expectNoSeriousA11yViolations(page, `${name} @${width}`);
  await expectNoOverflow(page, `${name} @${width}`);
  await saveScreenshot(page, `${name}-${width}`);
}

const checkAtBothWidths = (page: Page, name: string) => atBothWidths(page, ({ width }) => check(page, name, width));

/** Signs up through the page's form and waits for its answer. */
async function signUpInForm(page: Page, user: { firstName: string; email: string }) {
  await page.goto(app.url('/signin?mode=signup'));
  const form = page.getByTestId('signup-form');
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill('Okonjo');
  await form.getByLabel('Email').fill(user.email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId('signup-submit').click();
  await page.getByTestId('signup-accepted').waitFor();
}

describe('email ownership in the SPA', () => {
  it('signs up, says how the address gets confirmed, and shows the unconfirmed dashboard at 390 and 1280 px', async () => {
    const email = `amaka.${attemptSuffix()}@example.ng`;
    const page = await app.newPage(VIEWPORTS.phone);
    await signUpInForm(page, { firstName: 'Amaka', email });
    const accepted = await page.getByTestId('signup-accepted-text').textContent();
    // No email transport here: nothing may claim an email went out.
    expect(accepted).toContain('This site does not send email yet');
    expect(accepted).toContain('confirm the address for you by hand');
    expect(accepted).not.toContain("we've written");
    await checkAtBothWidths(page, 'signup-accepted');

    await page.getByTestId('signup-accepted-signin').click();
    const signin = page.getByTestId('signin-form');
    expect(await signin.getByLabel('Email').inputValue()).toBe(email);
    await signin.locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('signin-submit').click();
    await page.waitForURL(app.url('/dashboard'));
    const banner = page.getByTestId('email-unconfirmed');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(email);
    expect(await banner.textContent()).toContain('appear here once you confirm it is yours');
    expect(await banner.textContent()).toContain('ask our team to confirm your address');
    await checkAtBothWidths(page, 'dashboard-email-unconfirmed');
  });

  it('confirms the address through the link, once, and lands signed in; a dead link offers a new one', async () => {
    const email = `chidi.${attemptSuffix()}@example.ng`;
    const page = await app.newPage(VIEWPORTS.phone);
    await signUpInForm(page, { firstName: 'Chidi', email });
    const token = await readVerificationToken(email);

    // Another browser, signed out: the link asks for the account's password (the link alone could
    // be opened by someone a stranger signed up as), then signs its owner in.
    const other = await app.newPage(VIEWPORTS.phone);
    await other.goto(app.url(`/verify-email?token=${encodeURIComponent(token)}`));
    await other.getByTestId('verify-email-password-intro').waitFor();
    await checkAtBothWidths(other, 'verify-email-password');
    await other.getByTestId('verify-email-form').locator('input[name="password"]').fill(PASSWORD);
    await other.getByTestId('verify-email-submit').click();
    await other.waitForURL(app.url('/dashboard'));
    await expect.poll(() => other.getByTestId('welcome').textContent()).toBe('Welcome back, Chidi');
    expect(await other.getByTestId('email-unconfirmed').count()).toBe(0);

    // Used once: the same link now says so, and offers a new one to whoever signs in.
    await page.goto(app.url(`/verify-email?token=${encodeURIComponent(token)}`));
    const invalid = page.getByTestId('verify-email-invalid');
    await invalid.waitFor();
    expect(await invalid.textContent()).toContain('invalid, has expired or was replaced');
    await page.getByTestId('verify-email-signin').waitFor();
    await checkAtBothWidths(page, 'verify-email-invalid');
  });

  it('lets a signed-in, unconfirmed investor ask for a new link from a dead one', async () => {
    const page = await app.newPage(VIEWPORTS.phone);
    await signUpInForm(page, { firstName: 'Ifeanyi', email: 'ifeanyi@example.ng' });
    await page.getByTestId('signup-accepted-signin').click();
    await page.getByTestId('signin-form').locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('signin-submit').click();
    await page.waitForURL(app.url('/dashboard'));
    await page.goto(app.url('/verify-email?token=not-a-real-token'));
    await page.getByTestId('verify-email-invalid').waitFor();
    await page.getByTestId('resend-verification').click();
    await expect
      .poll(() => page.getByTestId('resend-verification-result').textContent())
      .toContain('A new link to confirm your email has been issued');
    await check(page, 'verify-email-resent', VIEWPORTS.phone.width);
  });

  it('lets the admin confirm an investor’s email by hand from the payment review, at 390 and 1280 px', async () => {
    await setBusinessSettings(app.server.baseUrl, app.adminAuthorization());
    const investor = await app.signUpInvestor('Kelechi', 'Admin-Confirmed', { verified: false });
    await submitPayment(app.server.baseUrl, investor, 1, makePng(8, 8, [10, 80, 40], [200, 220, 180]));
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'payments');
    const row = page.locator('[data-testid="payment-row"]:visible').filter({ hasText: 'Kelechi Admin-Confirmed' }).first();
    // Listed as a card on a phone and as a table row on a desktop.
    await atBothWidths(page, () => row.waitFor());
    await row.click();
    const section = page.getByTestId('verify-account-email');
    await section.waitFor();
    await atBothWidths(page, async ({ width }) => {
      expect(await section.textContent()).toContain(investor.email);
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-verify-email-${width}`);
    });
    await page.getByTestId('verify-account-email-submit').click();
    await atBothWidths(page, async ({ width }) => {
      await page.getByTestId('verify-account-email-done').waitFor();
      await saveScreenshot(page, `admin-verify-email-done-${width}`);
    });
    await context.close();
    const dashboard = await app.newPage(VIEWPORTS.desktop);
    const [name, value] = investor.cookie.split('=') as [string, string];
    await dashboard.context().addCookies([{ name, value, url: app.server.baseUrl }]);
    // The admin's confirmation is projected by now: the admin saw it answered.
    await dashboard.goto(app.url('/dashboard'));
    await dashboard.getByTestId('welcome').waitFor();
    await expect.poll(() => dashboard.getByTestId('email-unconfirmed').count()).toBe(0);
    expect(app.cspViolations()).toEqual([]);
  });
});
