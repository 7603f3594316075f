// Application review (issue 12 items 2 and 7): an applicant applies; the admin opens the
// application, records the amount verified and the escrow receipt and approves it (once);
// the applicant sees "Approved" on the public status page (number + email) and on the
// dashboard when signed in with the application's email. And a signed-in user who clicks
// the landing page's Login lands on the dashboard, not on the landing again.

import { APPLICATION_DECISION_MESSAGES, APPLICATION_STATUS_MESSAGES } from '@acres/contracts';
import { validApplication } from '@acres/fixtures';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectStatus, send } from './fixtures/api';
import { useBrowserApp, type Viewport } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';
import { readText, settleAnimations } from './page-text';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { answerConfirmation } from './fixtures/confirm';

const app = useBrowserApp();

// Decisions reach the read models through the projector; on a busy machine that takes a moment.
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const EMAIL = 'chiamaka.eze@example.ng';
const PASSWORD = 'acres land 2025';

/** The applicant's application, sent as the wizard sends it (the wizard itself: application.browser.spec.ts). */
const apply = async (email: string) => {
  const response = await send(app.server.baseUrl, '/api/subscriptions', {
    method: 'POST',
    json: validApplication({ email, firstName: 'Chiamaka', surname: 'Eze', acresSubscribed: 20, subscriptionValue: 70_000_000 }),
  });
  await expectStatus(response, 201);
  return (await response.json()) as { id: string; applicationNumber: string };
};

const openStatusPage = async (viewport: Viewport) => {
  const page = await app.newPage(viewport);
  await page.goto(app.url('/application-status'));
  await page.getByTestId('application-status-page').waitFor();
  return page;
};

const lookUp = async (page: Page, applicationNumber: string, email: string) => {
  await page.getByLabel('Application number').fill(applicationNumber);
  await page.getByLabel('Email address').fill(email);
  await page.getByTestId('status-submit').click();
};

const openDashboard = async (viewport: Viewport) => {
  const page = await app.newPage(viewport);
  await page.context().request.post(app.url('/api/auth/signin'), { data: { email: EMAIL, password: PASSWORD } });
  await page.goto(app.url('/dashboard'));
  await page.getByTestId('welcome').waitFor();
  return page;
};

describe('application review', () => {
  it('applicant applies → admin approves with amount and receipt → applicant sees approved on the status page and the dashboard', async () => {
    const signUpPage = await app.newPage(VIEWPORTS.desktop);
    await app.signUpInPage(signUpPage, { firstName: 'Chiamaka', lastName: 'Eze', email: EMAIL, password: PASSWORD });
    const { applicationNumber } = await apply(EMAIL);

    // Before the decision: pending on the dashboard and on the status page. No escrow account is
    // set in this file: the card says not to transfer yet (never that a payment is being verified),
    // and the payment card names the 20 acres applied for, not the form's default of 25.
    const dashboard = await openDashboard(VIEWPORTS.phone);
    const card = dashboard.getByTestId('my-applications').getByTestId('application-status-card');
    await eventually(() => readText(card)).toContain(applicationNumber);
    expect(await card.getByTestId('application-status').getAttribute('data-status')).toBe('pending');
    expect(await readText(card)).not.toContain('verifying your payment');
    expect(await readText(card.getByTestId('application-next-step'))).toContain('do not transfer any money');
    await eventually(() => readText(dashboard.getByTestId('payment-amount-display'))).toBe('₦70M');
    expect(await dashboard.getByTestId('acres-input').inputValue()).toBe('20');
    await expectNoOverflow(dashboard, 'dashboard-application-pending-390');

    const status = await openStatusPage(VIEWPORTS.phone);
    // A wrong email gets the same answer as a wrong number: nothing says the number exists.
    await lookUp(status, applicationNumber, 'someone.else@example.ng');
    await eventually(() => readText(status.getByTestId('status-error'))).toBe(APPLICATION_STATUS_MESSAGES.notFound);
    await lookUp(status, 'ACR-2026-ZZZZZZZZ', EMAIL);
    await eventually(() => readText(status.getByTestId('status-error'))).toBe(APPLICATION_STATUS_MESSAGES.notFound);
    await lookUp(status, applicationNumber.toLowerCase(), EMAIL.toUpperCase());
    await eventually(() => status.getByTestId('application-status').getAttribute('data-status')).toBe('pending');
    expect(await status.getByTestId('status-error').count()).toBe(0);

    // The admin: pending filter, open the application, the receipt is required to approve.
    const { context, page: admin } = await app.openAdmin(VIEWPORTS.desktop, 'applications');
    try {
      await admin.getByTestId('applications-filter-pending').click();
      const row = admin.locator('[data-testid="application-row"]:visible').filter({ hasText: applicationNumber });
      await row.click();
      const dialog = admin.getByTestId('application-detail');
      await dialog.waitFor();
      await eventually(() => readText(dialog.getByRole('heading').first())).toBe('Chiamaka Eze');
      expect(await dialog.getByTestId('application-amount-verified').inputValue()).toBe('70000000');
      // A missing receipt is said under its field at once: nothing to confirm yet.
      await dialog.getByTestId('application-review-approve').click();
      await eventually(() => readText(dialog.getByRole('alert').first())).toBe(APPLICATION_DECISION_MESSAGES.receiptRequired);
      expect(await admin.getByTestId('application-review-confirm').count()).toBe(0);

      await dialog.getByTestId('application-amount-verified').fill('69500000');
      await eventually(() => readText(dialog)).toContain('₦500,000 below the subscription value');
      await dialog.getByTestId('application-receipt-number').fill('ESC-2026-0042');
      expect(await readText(dialog.getByTestId('application-notes-audience'))).toBe('Internal');
      await dialog.getByTestId('application-notes').fill('Zenith statement of 31 May; ₦500,000 short, balance agreed by phone.');
      await settleAnimations(admin);
      await saveScreenshot(admin, 'application-review-dialog-desktop', { fullPage: false });
      await dialog.getByTestId('application-review-approve').click();
      const asked = await answerConfirmation(admin, 'application-review-confirm');
      for (const shown of [
        'Approve this application?',
        'Chiamaka Eze',
        applicationNumber,
        '₦69,500,000',
        'ESC-2026-0042',
        'cannot be undone',
      ]) {
        expect(asked).toContain(shown);
      }
      await eventually(() => readText(admin.getByTestId('toast'))).toContain('Application approved');
      await dialog.waitFor({ state: 'detached' });

      // Approved leaves the pending filter; under Approved it opens decided, once and for all.
      await eventually(() => row.count()).toBe(0);
      await admin.getByTestId('applications-filter-approved').click();
      await eventually(() => readText(row.getByText(/^(pending|approved|rejected)$/))).toBe('approved');
      await row.click();
      await eventually(() => readText(dialog.getByTestId('application-decision'))).toContain('Approved by');
      expect(await readText(dialog.getByTestId('application-decision'))).toContain('ESC-2026-0042');
      expect(await dialog.getByTestId('application-review-approve').isDisabled()).toBe(true);
      expect(await dialog.getByTestId('application-review-reject').isDisabled()).toBe(true);
      await admin.keyboard.press('Escape');

      // The export follows the filter: the approved application, with its receipt.
      const csv = await send(app.server.baseUrl, '/api/admin/subscriptions/export.csv?status=approved', {
        method: 'GET',
      }).then(async (r) => ({ status: r.status, body: await r.text() }));
      expect(csv.status).toBe(401);
      const exported = await fetch(app.url('/api/admin/subscriptions/export.csv?status=approved'), {
        headers: { authorization: app.adminAuthorization() },
      });
      const body = await exported.text();
      expect(body).toContain(applicationNumber);
      expect(body).toContain('ESC-2026-0042');
      const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('applications-export').click()]);
      expect(download.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
    } finally {
      await context.close();
    }

    // The applicant: approved, with what the escrow received, on the status page…
    await status.getByTestId('status-submit').click();
    await eventually(() => status.getByTestId('application-status').getAttribute('data-status')).toBe('approved');
    expect(await readText(status.getByTestId('application-status-amount'))).toBe('₦69,500,000');
    expect(await readText(status.getByTestId('application-status-receipt'))).toBe('ESC-2026-0042');
    // The admin's notes are for the admins.
    expect(await readText(status.getByTestId('application-status-page'))).not.toContain('balance agreed');
    await settleAnimations(status);
    await saveScreenshot(status, 'application-status-approved-390');
    const wide = await openStatusPage(VIEWPORTS.desktop);
    await lookUp(wide, applicationNumber, EMAIL);
    await eventually(() => wide.getByTestId('application-status').getAttribute('data-status')).toBe('approved');
    await settleAnimations(wide);
    await saveScreenshot(wide, 'application-status-approved-1280');

    // …and on the dashboard, where the counters agree with the card and nothing more is asked.
    await dashboard.reload();
    await eventually(() => card.getByTestId('application-status').getAttribute('data-status')).toBe('approved');
    expect(await readText(card)).toContain('ESC-2026-0042');
    expect(await readText(card.getByTestId('application-story'))).toContain('received ₦69,500,000');
    expect(await readText(dashboard.getByTestId('summary-acres').locator('dd').first())).toBe('20');
    expect(await readText(dashboard.getByTestId('summary-amount').locator('dd').first())).toBe('₦69.5M');
    await eventually(() => readText(dashboard.getByTestId('payment-settled'))).toContain('Nothing more to pay');
    expect(await dashboard.getByTestId('payment-form').count()).toBe(0);
    await expectNoOverflow(dashboard, 'dashboard-application-approved-390');
    await expectNoSeriousA11yViolations(dashboard, 'dashboard-application-approved-390');
    await dashboard.setViewportSize(VIEWPORTS.desktop);
    await expectNoOverflow(dashboard, 'dashboard-application-approved-1280');
    await saveScreenshot(dashboard, 'application-dashboard-approved-1280');
    await dashboard.setViewportSize(VIEWPORTS.phone);
    await settleAnimations(dashboard);
    await saveScreenshot(dashboard, 'application-dashboard-approved-390');
  });
});

describe('Login when signed in', () => {
  it("goes to the dashboard from the landing page's Login, and to sign in when signed out", async () => {
    const signedOut = await app.newPage(VIEWPORTS.desktop);
    await signedOut.goto(app.url('/'));
    await signedOut.getByTestId('nav-login').click();
    await signedOut.waitForURL((url) => url.pathname === '/signin');

    const page = await app.newPage(VIEWPORTS.phone);
    await app.signUpInPage(page, { firstName: 'Tobi', lastName: 'Ade', email: 'tobi.ade@example.ng', password: PASSWORD });
    await page.goto(app.url('/'));
    await page.getByTestId('hero').waitFor();
    await page.getByTestId('nav-login').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('welcome').waitFor();
  });
});

it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
