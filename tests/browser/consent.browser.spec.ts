// The consent ledger (issue 14, item 4): a visitor's lead records the lead-form text version it
// agreed to; as a signed-in investor they turn marketing email off in their dashboard's message
// preferences; the admin's lead dialog shows the text version and that opt-out with its source.

import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import { validLead } from '@acres/fixtures';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectStatus, send } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';
import { expectNoOverflow } from './fixtures/audit';
import { atBothWidths, attemptSuffix } from './fixtures/widths';

const app = useBrowserApp();

const waitForText = (locator: Locator, text: string | RegExp) => locator.filter({ hasText: text }).first().waitFor();
const settle = (page: Page) => waitForExpression(page, "document.getAnimations().every((a) => a.playState !== 'running')");

describe('the consent ledger', () => {
  it('lets an investor turn marketing email off and shows the admin the history, at 390 and 1280 px', async () => {
    const run = attemptSuffix();
    const email = `consent-${run}@example.ng`;
    const fullName = `Consent Tester ${run}`;
    const lead = await send(app.server.baseUrl, '/api/leads', {
      method: 'POST',
      json: validLead({ email, fullName, phone: `0803 ${run.slice(-7, -4)} ${run.slice(-4)}` }),
    });
    await expectStatus(lead, 201);

    const page = await app.newPage(VIEWPORTS.phone);
    await app.signUpInPage(page, { firstName: 'Kemi', lastName: 'Ade', email, password: 'acres land 2025' });
    await page.goto(app.url('/dashboard'));
    const toggle = page.getByTestId('preference-marketing-email');
    await toggle.waitFor();
    expect(await toggle.getAttribute('data-state')).toBe('checked');
    expect(await page.getByTestId('preference-marketing-sms').isDisabled()).toBe(true);
    await toggle.click();
    await waitForText(page.getByTestId('toast'), 'Preference saved');
    await waitForExpression(
      page,
      `document.querySelector('[data-testid="preference-marketing-email"]')?.getAttribute('data-state') === 'unchecked'`,
    );
    await atBothWidths(page, async ({ width }) => {
      await page.getByTestId('message-preferences-card').scrollIntoViewIfNeeded();
      await settle(page);
      await saveScreenshot(page, `consent-preferences-${width}`, { fullPage: false });
    });

    const { context, page: admin } = await app.openAdmin(VIEWPORTS.desktop, 'leads');
    try {
      await admin.getByTestId('leads-search').fill(fullName);
      const row = admin.locator('[data-testid="lead-row"]:visible').filter({ hasText: fullName }).first();
      // Listed as a card on a phone and as a table row on a desktop.
      await atBothWidths(admin, () => row.waitFor());
      await row.click();
      const dialog = admin.getByTestId('lead-detail');
      await dialog.waitFor();
      const history = dialog.getByTestId('consent-history');
      await waitForText(history.getByTestId('consent-entry'), 'Opted out of marketing by Email');
      await atBothWidths(admin, async ({ width }) => {
        const entries = await history.getByTestId('consent-entry').allTextContents();
        expect(entries).toHaveLength(2);
        expect(entries[0]).toContain(`Agreed to lead-contact version ${String(LEAD_CONSENT_TEXT.version)} on the lead form`);
        expect(entries[0]).toContain(LEAD_CONSENT_TEXT.text);
        expect(entries[0]).toContain(LEAD_CONSENT_TEXT.digest.slice(0, 12));
        expect(entries[1]).toContain('in their message preferences');
        await history.scrollIntoViewIfNeeded();
        await settle(admin);
        await saveScreenshot(admin, `consent-admin-history-${width}`, { fullPage: false });
      });
    } finally {
      await context.close();
    }
  });

  it("starts a new affiliate who ticked no consent with marketing off, in their view and the admin's (390 and 1280 px)", async () => {
    const email = 'new-affiliate@example.ng';
    const fullName = 'Fresh Affiliate';
    const page = await app.newPage(VIEWPORTS.phone);
    await app.signUpInPage(page, { firstName: 'Fresh', lastName: 'Affiliate', email, password: 'acres land 2025' });
    const registered = await page.context().request.post(app.url('/api/affiliate/register'), {
      data: {
        full_name: fullName,
        phone_number: '08037770390',
        bank_name: 'Access Bank',
        account_number: '0123450390',
        account_name: fullName,
        marketing_experience: 'beginner',
        marketing_channels: 'WhatsApp groups',
      },
    });
    expect(registered.status()).toBe(201);
    await page.goto(app.url('/affiliate/dashboard'));
    const toggle = page.getByTestId('preference-marketing-email');
    await toggle.waitFor();
    expect(await toggle.getAttribute('data-state')).toBe('unchecked');
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await page.getByTestId('message-preferences-card').scrollIntoViewIfNeeded();
      await settle(page);
      await expectNoOverflow(page, `affiliate preferences @${viewport.width}`);
      await saveScreenshot(page, `consent-affiliate-off-${viewport.width}`, { fullPage: false });
    }

    const { context, page: admin } = await app.openAdmin(VIEWPORTS.desktop, 'affiliates');
    try {
      const row = admin.locator('[data-testid="affiliate-row"]:visible').filter({ hasText: fullName }).first();
      await atBothWidths(admin, () => row.waitFor());
      await row.click();
      const history = admin.getByTestId('affiliate-detail').getByTestId('consent-history');
      await atBothWidths(admin, () => waitForText(history, 'No consent is recorded: marketing messages are off.'));
    } finally {
      await context.close();
    }
  });

  it('reported no CSP violation', () => {
    expect(app.cspViolations()).toEqual([]);
  });
});
