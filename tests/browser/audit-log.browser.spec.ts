// The Audit log tab (issue 12): the admin approves a payment and changes a setting, then finds
// both in the Audit log (who, what, when in Lagos time, the notes), filters it by kind and
// exports the filtered set as CSV; at 390 px the entries are cards. The investor's own
// timeline still names "Admin", never the account.

import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from './fixtures/api';
import { type Investor, makePng, send } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';
import { lagosDayIso } from '@acres/contracts/lagos-time';
import { readText } from './page-text';
import { answerConfirmation } from './fixtures/confirm';

const app = useBrowserApp();

const NOTES = 'Transfer matches the escrow statement.';
const OFFICE_HOURS = 'Monday to Saturday, 8:00 to 18:00 WAT';

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
const settle = (page: Page) =>
  waitForExpression(
    page,
    "document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)",
  );
const rows = (page: Page) => page.locator('[data-testid="audit-row"]:visible');

let ada: Investor;
let payment: { id: string; position: string };

beforeAll(async () => {
  await fixtures.setBusinessSettings(app.server.baseUrl, app.adminAuthorization());
  ada = await app.signUpInvestor('Ada', 'Obi');
  payment = await fixtures.submitPayment(app.server.baseUrl, ada, 2, makePng(320, 240, [19, 78, 56], [227, 177, 55]));
});

describe('the Audit log tab', () => {
  it('shows the approval and the settings change with who, what, when and the notes; filters by kind; exports CSV', async () => {
    const { context, page } = await app.openPage(VIEWPORTS.desktop, { acceptDownloads: true });
    try {
      await page.goto(app.url('/admin'));
      await app.signInAdmin(page);
      await page.getByTestId('admin-refresh').waitFor();

      // The admin approves the payment with notes…
      await page.getByTestId('tab-payments').click();
      await page.locator('[data-testid="payment-row"]:visible').filter({ hasText: 'Ada Obi' }).first().click();
      const review = page.getByTestId('payment-review');
      await review.getByTestId('payment-admin-notes').fill(NOTES);
      await review.getByTestId('payment-review-approve').click();
      await answerConfirmation(page, 'payment-review-confirm');
      await eventually(() => readText(page.getByTestId('toast'))).toContain('Payment updated');
      await page.keyboard.press('Escape');
      await review.waitFor({ state: 'detached' });

      // …and changes a setting.
      await page.getByTestId('tab-settings').click();
      const form = page.getByTestId('settings-form');
      await form.getByLabel('Office hours').fill(OFFICE_HOURS);
      await page.getByTestId('settings-save').click();
      await eventually(() => readText(page.getByTestId('toast'))).toContain('Settings saved');

      await page.getByTestId('tab-audit').click();
      await eventually(() => readText(rows(page).first())).toContain('Settings changed');
      const settings = rows(page).first();
      expect(await readText(settings)).toContain(app.server.adminUsername);
      expect(await readText(settings)).toContain('Changed settings: Office hours');
      expect(await readText(settings)).toMatch(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2} WAT/);
      const approval = rows(page).filter({ hasText: 'Payment approved' }).first();
      expect(await readText(approval)).toContain('Approved a payment for ₦7,000,000 (2 acres)');
      expect(await readText(approval)).toContain('Payment: Ada Obi');
      expect(await readText(approval)).toContain(app.server.adminUsername);
      expect(await readText(approval)).toContain(NOTES);
      expect(await rows(page).filter({ hasText: 'Payment submitted' }).count()).toBe(1);
      // People by name, never by a piece of their id.
      const submitted = rows(page).filter({ hasText: 'Payment submitted' }).first();
      expect(await readText(submitted)).toContain('Ada Obi');
      expect(await readText(submitted)).not.toMatch(/Investor [0-9a-f]{8}/);
      await settle(page);
      await saveScreenshot(page, 'audit-log-1280');

      // The entry in full: old → new, and its subject by name, to follow.
      await settings.click();
      const dialog = page.getByTestId('audit-entry-dialog');
      await eventually(() => readText(dialog.getByTestId('audit-entry-changes'))).toContain(
        `Office hours: ${fixtures.TEST_SETTINGS.officeHours} → ${OFFICE_HOURS}`,
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await approval.click();
      expect(await readText(dialog.getByTestId('audit-entry-subject'))).toContain('Payment: Ada Obi');
      expect(await readText(dialog)).not.toContain(payment.id);
      expect(await readText(dialog.getByTestId('audit-entry-notes'))).toBe(`Notes${NOTES}`);
      expect(await readText(dialog)).not.toContain('Log position');
      await settle(page);
      await saveScreenshot(page, 'audit-log-entry-1280', { fullPage: false });
      await dialog.getByTestId('audit-entry-open-tab').click();
      await eventually(() => page.getByTestId('tab-payments').getAttribute('data-state')).toBe('active');

      // Filter by kind: only the approval is left.
      await page.getByTestId('tab-audit').click();
      await rows(page).first().waitFor();
      await page.getByTestId('audit-filter-kind').click();
      await page.getByRole('option', { name: 'Payment approved', exact: true }).click();
      await eventually(() => rows(page).count()).toBe(1);
      expect(await readText(rows(page).first())).toContain(NOTES);

      // The CSV holds the filtered set.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
      expect(download.suggestedFilename()).toBe(`audit-log-${lagosDayIso()}.csv`);
      const csv = (await readFile((await download.path())!, 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(csv[0]).toBe(
        'Position,Occurred At (WAT),Occurred At (UTC),Kind,What,Actor Kind,Actor,Subject Type,Subject ID,Notes,Changes,Actor Name',
      );
      expect(csv).toHaveLength(2);
      expect(csv[1]).toContain('Payment approved,"Approved a payment for ₦7,000,000 (2 acres)"');
      expect(csv[1]).toContain(`admin,${app.server.adminUsername},payment,${payment.id},${NOTES}`);
      await eventually(() => readText(page.getByTestId('toast'))).toContain('Export successful');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows the entries as cards at 390 px', async () => {
    const { context, page } = await app.openAdmin(VIEWPORTS.phone, 'audit');
    try {
      await eventually(() => rows(page).count()).toBeGreaterThanOrEqual(3);
      expect(await page.locator('table').filter({ hasText: 'Payment approved' }).isVisible()).toBe(false);
      const card = rows(page).filter({ hasText: 'Payment approved' }).first();
      expect(await readText(card)).toContain(`by ${app.server.adminUsername}`);
      const width = await page.evaluate('document.documentElement.scrollWidth');
      expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await settle(page);
      await saveScreenshot(page, 'audit-log-390');
    } finally {
      await context.close();
    }
  });

  it("keeps naming the admin 'Admin' on the investor's own timeline", async () => {
    const response = await send(app.server.baseUrl, `/api/payments/${payment.id}/history`, { method: 'GET', cookie: ada.cookie });
    expect(response.status).toBe(200);
    const timeline = (await response.json()) as { type: string; actor: string | null }[];
    expect(timeline.map((entry) => [entry.type, entry.actor])).toEqual([
      ['submitted', 'Ada Obi'],
      ['approved', 'Admin'],
    ]);
    expect(JSON.stringify(timeline)).not.toContain(app.server.adminUsername);
  });
});

it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
