// Business settings (issue 12): until the admin sets the escrow account the dashboard says
// payment instructions are being prepared (with how to reach the team), proofs are refused
// and the admin sees a banner; the Settings tab sets it (an audited change) and the investor's
// dashboard then shows it.

import { SETTINGS_MESSAGES } from '@acres/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePng, postPayment, setBusinessSettings, signUp, type Investor, uploadPaymentProof } from './fixtures/api';
import { useBrowserApp, type Viewport } from './fixtures/app';
import { atBothWidths, attemptSuffix } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';

const app = useBrowserApp();

const ACCOUNT_NUMBER = '0000000027';

/** Upload URL, PUT of a PNG, then POST /api/payments: the answer, whatever it is. */
const tryPayment = async (investor: Investor) => {
  const png = makePng(64, 64, [19, 78, 56], [227, 177, 55]);
  const proofImagePath = await uploadPaymentProof(app.server.baseUrl, investor, png);
  return postPayment(app.server.baseUrl, investor, { acres: 1, amount: 3_500_000, proofImagePath });
};

const settled = (page: Page) =>
  waitForExpression(
    page,
    "document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)",
  );

const openDashboard = async (viewport: Viewport, email: string) => {
  const page = await app.newPage(viewport);
  await app.signUpInPage(page, { firstName: 'Kemi', lastName: 'Ade', email, password: 'acres land 2025' });
  await page.goto(app.url('/dashboard'));
  await page.getByTestId('welcome').waitFor();
  return page;
};

describe('business settings', () => {
  it('before the escrow account is set: the dashboard says instructions are being prepared, proofs are refused, the admin sees a banner', async () => {
    // Contacts only: how investors reach the team meanwhile.
    await setBusinessSettings(app.server.baseUrl, app.adminAuthorization(), {
      escrowBankName: '',
      escrowAccountName: '',
      escrowAccountNumber: '',
    });
    const dashboard = await openDashboard(VIEWPORTS.phone, `kemi.${attemptSuffix()}@example.ng`);
    await atBothWidths(dashboard, async ({ width }) => {
      const pending = dashboard.getByTestId('payment-instructions-pending');
      await expect.poll(() => pending.textContent()).toContain('Payment instructions are being prepared');
      await expect.poll(() => pending.textContent()).toContain('team@acres.example.test');
      await expect.poll(() => pending.textContent()).toContain('+234 806 000 0019');
      expect(await dashboard.getByTestId('payment-instructions').count()).toBe(0);
      await settled(dashboard);
      await saveScreenshot(dashboard, `settings-dashboard-pending-${width}`);
    });

    const refused = await tryPayment(await signUp(app.server.baseUrl, 'Tunde', 'Refused'));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe(SETTINGS_MESSAGES.escrowNotSet);

    const { context, page } = await app.openAdmin(VIEWPORTS.desktop);
    try {
      const banner = page.getByTestId('escrow-banner');
      await expect.poll(() => banner.textContent()).toContain('The escrow account is not set up');
      await banner.getByRole('button', { name: 'Open Settings' }).click();
      await page.getByTestId('settings-form').waitFor();
    } finally {
      await context.close();
    }
  });

  it('the admin sets the escrow account in the Settings tab; the change is audited and the dashboard shows it', async () => {
    // One admin page: the refused save at 390 px, then the real one at 1280 px.
    const { context, page } = await app.openAdmin(VIEWPORTS.phone, 'settings');
    try {
      const form = page.getByTestId('settings-form');
      await form.waitFor();
      // A bad account number is named under its field, and nothing is saved.
      await form.getByLabel('Account number').fill('12345');
      await page.getByTestId('settings-save').click();
      await expect.poll(() => form.textContent()).toContain(SETTINGS_MESSAGES.escrowAccountNumber);
      await settled(page);
      await saveScreenshot(page, 'settings-tab-390');
      await form.getByLabel('Account number').fill('');

      await page.setViewportSize(VIEWPORTS.desktop);
      await form.getByLabel('Bank').click();
      await page.getByRole('option', { name: 'Zenith Bank', exact: true }).click();
      await form.getByLabel('Account number').fill(ACCOUNT_NUMBER);
      await form.getByLabel('Account name').fill('Acres Escrow Trust');
      await page.getByTestId('settings-save').click();
      await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Settings saved');
      const history = page.getByTestId('settings-history');
      await expect.poll(() => history.locator('li').first().textContent()).toContain(app.server.adminUsername);
      await expect
        .poll(() => history.locator('li').first().textContent())
        .toContain(`Escrow account number: not set → ${ACCOUNT_NUMBER}`);
      await expect.poll(() => page.getByTestId('escrow-banner').count()).toBe(0);
      await settled(page);
      await saveScreenshot(page, 'settings-tab-1280');
    } finally {
      await context.close();
    }

    const dashboard = await openDashboard(VIEWPORTS.phone, `kemi.after.${attemptSuffix()}@example.ng`);
    await atBothWidths(dashboard, async ({ width }) => {
      const instructions = dashboard.getByTestId('payment-instructions');
      await expect.poll(() => instructions.textContent()).toContain(ACCOUNT_NUMBER);
      await expect.poll(() => instructions.textContent()).toContain('Acres Escrow Trust');
      await settled(dashboard);
      await saveScreenshot(dashboard, `settings-dashboard-${width}`);
    });
    expect((await tryPayment(await signUp(app.server.baseUrl, 'Tunde', 'Accepted'))).status).toBe(201);
    expect(app.cspViolations()).toEqual([]);
  });
});
