// Issue 14 item 2 in the browser: the admin erases a lead from its detail dialog, having seen
// what goes and typed a reason and ERASE; the row then reads "erased" and the counters stay.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ERASURE_MESSAGES } from '@acres/contracts/erasure';
import { validLead } from '@acres/fixtures';
import { expectStatus } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { atBothWidths, attemptSuffix } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';

const app = useBrowserApp();

/** A lead of its own for each attempt of the test: a retry erases another one. */
const newLead = () => {
  const run = attemptSuffix();
  const digits = run.slice(-7);
  return {
    fullName: `Hadiza Quorumbe ${run}`,
    email: `hadiza.quorumbe.${run}@example.ng`,
    phone: `0803 ${digits.slice(0, 3)} ${digits.slice(3)}`,
    phoneE164: `234803${digits}`,
  };
};

const postLead = async (lead: ReturnType<typeof newLead>) => {
  const response = await fetch(app.url('/api/leads'), {
    method: 'POST',
    headers: { origin: app.server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(validLead({ ...lead, notes: `Private note about ${lead.fullName}` })),
  });
  await expectStatus(response, 201);
  const { position } = (await response.json()) as { position: string };
  const counters = await fetch(app.url('/api/admin/counters'), {
    headers: { authorization: app.adminAuthorization(), 'x-min-position': position },
  });
  await expectStatus(counters, 200);
};

const counter = (page: Page, key: string) => page.getByTestId(`counter-${key}`).getByTestId('counter-value');
const rows = (page: Page) => page.locator('[data-testid="lead-row"]:visible');
const settle = (page: Page) => waitForExpression(page, "document.getAnimations().every((a) => a.playState !== 'running')");
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
const text = async (locator: Locator) => ((await locator.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Erases the lead from its dialog, walked at the page's width, each step checked at 390 and 1280 px. */
const eraseFromDialog = async (page: Page, name: string, shot: string) => {
  await rows(page).filter({ hasText: name }).first().click();
  const dialog = page.getByTestId('lead-detail');
  await dialog.waitFor();
  await dialog.getByTestId('erase-open').click();
  const preview = dialog.getByTestId('erase-preview');
  await preview.waitFor();
  await atBothWidths(page, async () => expect(await text(preview)).toContain('1 lead'));
  await dialog.getByTestId('erase-submit').scrollIntoViewIfNeeded();
  // Neither a reason nor the confirmation yet: refused in the form, naming both.
  await dialog.getByTestId('erase-submit').click();
  await atBothWidths(page, async () => {
    await eventually(async () => (await dialog.getByRole('alert').allTextContents()).join(' | ')).toContain(
      ERASURE_MESSAGES.reason,
    );
    expect((await dialog.getByRole('alert').allTextContents()).join(' | ')).toContain(ERASURE_MESSAGES.confirm);
  });
  await dialog.getByTestId('erase-reason').fill('The data subject asked to be erased');
  await dialog.getByTestId('erase-confirm').fill('ERASE');
  await atBothWidths(page, async ({ width }) => {
    await dialog.getByTestId('erase-submit').scrollIntoViewIfNeeded();
    await settle(page);
    await saveScreenshot(page, `${shot}-${nameOf(width)}-confirm`, { fullPage: false });
  });
  await dialog.getByTestId('erase-submit').click();
  await eventually(() => text(page.getByTestId('toast'))).toContain('Personal data erased');
  await dialog.getByRole('button', { name: /close/i }).first().click();
  await dialog.waitFor({ state: 'detached' });
};

const nameOf = (width: number) => (width === VIEWPORTS.phone.width ? 'phone' : 'desktop');

describe('erasing a lead, walked once and checked at 390 and 1280 px', () => {
  it('shows what goes, asks for a reason and ERASE, then the row reads "erased" and the counters stay', async () => {
    const lead = newLead();
    await postLead(lead);
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'leads');
    try {
      // Listed as a card on a phone and as a table row on a desktop.
      await atBothWidths(page, () => eventually(() => rows(page).filter({ hasText: lead.fullName }).count()).toBe(1));
      const before = await text(counter(page, 'totalLeads'));
      await eraseFromDialog(page, lead.fullName, 'erasure-lead');
      await page.getByTestId('admin-refresh').click();
      await atBothWidths(page, async ({ width }) => {
        await eventually(async () => (await rows(page).allTextContents()).join(' ')).not.toContain(lead.fullName);
        await eventually(async () => (await rows(page).allTextContents()).join(' ')).toContain('erased');
        expect(await text(counter(page, 'totalLeads'))).toBe(before);
        await settle(page);
        await saveScreenshot(page, `erasure-lead-${nameOf(width)}-after`);
      });
    } finally {
      await context.close();
    }
  });
});
