// The notifier inside `npm start` (issue 13): without SMTP, Termii or WhatsApp configured,
// a lead's confirmation is written to the local outbox, and the admin's Outbox tab shows
// each message as its recipient would see it, with its status and attempts.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setBusinessSettings } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { atBothWidths } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';
import { clickAndAwaitPost } from './fixtures/posted';

const app = useBrowserApp();

const byLabel = (page: Page, text: string) => page.getByLabel(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

const settled = (page: Page) =>
  waitForExpression(
    page,
    "document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)",
  );

async function reserveSlot(page: Page) {
  await page.goto(app.url('/'));
  await page.getByTestId('hero-reserve').click();
  await page.getByRole('dialog', { name: 'Reserve Your Slot' }).waitFor();
  await byLabel(page, 'Full name').fill('Ngozi Eze');
  await byLabel(page, 'Email').fill('ngozi.eze@example.ng');
  await byLabel(page, 'Phone (WhatsApp)').pressSequentially('08051234567');
  await byLabel(page, 'I am a').click();
  await page.getByRole('option', { name: 'Investor', exact: true }).click();
  await byLabel(page, 'Intended acres').fill('40');
  await byLabel(page, 'Commitment timeline').click();
  await page.getByRole('option', { name: 'Within 7 days', exact: true }).click();
  await page.getByRole('checkbox').check();
  const response = await clickAndAwaitPost(page, 'lead-submit', '/api/leads');
  expect(response.status()).toBe(201);
  await page.getByRole('dialog', { name: 'Slot Reserved Successfully' }).waitFor();
}

describe('the Outbox tab', () => {
  it("shows the lead's confirmation by SMS, WhatsApp and email, and the admin's alert, as each recipient sees it", async () => {
    await setBusinessSettings(app.server.baseUrl, app.adminAuthorization());
    await reserveSlot(await app.newPage(VIEWPORTS.desktop));

    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'outbox');
    try {
      const items = page.getByTestId('outbox-item');
      // The notifier delivers within moments; Refresh fetches the tab again.
      await expect
        .poll(async () => {
          if ((await items.count()) < 4) await page.getByTestId('admin-refresh').click();
          return items.count();
        })
        .toBe(4);
      // The list and both previews are read at 1280 px, then again on the same page at 390 px.
      await atBothWidths(page, async (viewport) => {
        const texts = await items.allTextContents();
        for (const channel of ['SMS', 'WhatsApp', 'Email'])
          expect(texts.some((text) => text.includes(channel) && text.includes('Lead confirmation'))).toBe(true);
        expect(texts.some((text) => text.includes('Admin new lead') && text.includes('to admin'))).toBe(true);
        // No channel is configured here: every message is held in the local outbox, none "Sent";
        // the lead's own confirmation is not tagged as marketing.
        expect(texts.every((text) => text.includes('Held (not sent)') && !text.includes('Sent'))).toBe(true);
        expect(texts.some((text) => text.includes('Marketing'))).toBe(false);
        const badges = page.getByTestId('outbox-status-badge');
        expect(new Set(await badges.evaluateAll((els) => els.map((el) => el.getAttribute('data-delivery'))))).toEqual(
          new Set(['held']),
        );

        await items.filter({ hasText: 'SMS' }).first().click();
        const bubble = page.getByTestId('outbox-bubble');
        await expect.poll(() => bubble.textContent()).toContain('Acres: Hi Ngozi, your slot for 40 acres is reserved.');
        await expect.poll(() => page.getByTestId('outbox-status').textContent()).toContain('1 attempt');
        await expect
          .poll(() => page.getByTestId('outbox-status').textContent())
          .toContain('Held in the local outbox: no SMS provider is configured, so it did not leave the server');

        await items.filter({ hasText: 'Email' }).filter({ hasText: 'ngozi.eze@example.ng' }).click();
        await expect.poll(() => page.getByTestId('outbox-preview-subject').textContent()).toBe('Your slot is reserved: 40 acres');
        const frame = page.frameLocator('[data-testid="outbox-email-frame"]');
        await expect.poll(() => frame.locator('h1').textContent()).toBe('Slot reserved');
        await expect.poll(() => frame.locator('body').textContent()).toContain('Our team will contact you within 24 hours');

        await settled(page);
        await expectNoSeriousA11yViolations(page, `admin outbox @${viewport.width}`);
        await expectNoOverflow(page, `admin outbox @${viewport.width}`);
        await saveScreenshot(page, `outbox-email-${viewport.width}`);
      });
    } finally {
      await context.close();
    }
    expect(app.cspViolations()).toEqual([]);
  });
});
