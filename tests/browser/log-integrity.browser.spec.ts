// The tamper-evident log on the Audit tab (issues 14 and 29): the admin checks the records with
// a button; the tab says when, by whom and that nothing was altered, and the Audit log lists
// the check. After a payment's amount is edited in SQL, the next check turns the banner red
// and names the kind of record, never its ids or a log position.

import { beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@acres/platform/db';
import * as fixtures from './fixtures/api';
import { makePng } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';
import type { Page } from 'playwright-core';
import { readText } from './page-text';

const app = useBrowserApp();
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
const rows = (page: Page) => page.locator('[data-testid="audit-row"]:visible');

let payment: { id: string; position: string };

beforeAll(async () => {
  await fixtures.setBusinessSettings(app.server.baseUrl, app.adminAuthorization());
  const ada = await app.signUpInvestor('Ada', 'Obi');
  payment = await fixtures.submitPayment(app.server.baseUrl, ada, 2, makePng(320, 240, [19, 78, 56], [227, 177, 55]));
});

const WHEN = String.raw`\d{1,2} \w{3} \d{4}, \d{2}:\d{2} WAT`;

describe('the Audit tab’s log integrity check', () => {
  it('runs from a button and says in plain words when, by whom and that nothing was altered, at 1280 and 390 px', async () => {
    const by = app.server.adminUsername;
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'audit');
    try {
      await page.getByTestId('log-integrity-unknown').waitFor();
      expect(await readText(page.getByTestId('log-integrity'))).not.toMatch(/npm|audit --/);
      await page.getByTestId('log-integrity-check').click();
      const banner = page.getByTestId('log-integrity-verified');
      await banner.waitFor();
      expect(await readText(banner)).toMatch(
        new RegExp(`^Checked on ${WHEN} by ${by}: all [\\d,]+ records are as they were written\\.$`),
      );
      // The Audit log lists the check, naming who ran it.
      const entry = rows(page).filter({ hasText: 'Records checked' });
      await eventually(() => entry.count()).toBe(1);
      expect(await readText(entry)).toContain(by);
      expect(await readText(entry)).toMatch(/Checked the records: all [\d,]+ records are as they were written/);
      await banner.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'log-integrity-verified-desktop', { fullPage: false });
    } finally {
      await context.close();
    }
    // Later, on a phone: the stored result still names who ran it.
    const phone = await app.openAdmin(VIEWPORTS.phone, 'audit');
    try {
      const banner = phone.page.getByTestId('log-integrity-verified');
      await banner.waitFor();
      await eventually(() => readText(banner)).toMatch(new RegExp(`^Checked on ${WHEN} by ${by}: all`));
      expect(await phone.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await banner.scrollIntoViewIfNeeded();
      await saveScreenshot(phone.page, 'log-integrity-verified-phone', { fullPage: false });
    } finally {
      await phone.context.close();
    }
  });

  it('turns red naming in plain words the kind of record edited in SQL, without its ids', async () => {
    const pool = createPool({ connectionString: app.server.databaseUrl, max: 1 });
    let stream = '';
    try {
      const { rows } = await pool.query<{ stream_id: string }>(
        `UPDATE events SET data = jsonb_set(data, '{amount}', '1000') WHERE type = 'PaymentProofSubmitted' AND data->>'paymentId' = $1
         RETURNING stream_id`,
        [payment.id],
      );
      stream = rows[0]!.stream_id;
    } finally {
      await pool.end();
    }
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'audit');
    try {
      await page.getByTestId('log-integrity-verified').waitFor();
      await page.getByTestId('log-integrity-check').click();
      const banner = page.getByTestId('log-integrity-broken');
      await banner.waitFor();
      expect(await readText(banner)).toContain('A payment proof submitted record was changed after it was written.');
      expect(await readText(banner)).toMatch(new RegExp(`Checked on ${WHEN} by ${app.server.adminUsername}\\.`));
      expect(await readText(banner)).not.toContain(stream);
      const entry = rows(page).filter({ hasText: 'a payment proof submitted record was changed' });
      await eventually(() => entry.count()).toBe(1);
      await banner.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'log-integrity-broken-desktop', { fullPage: false });
    } finally {
      await context.close();
    }
  });
});
