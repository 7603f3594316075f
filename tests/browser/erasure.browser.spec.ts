// Issue 14 item 2 in the browser: the admin erases a lead from its detail dialog, having seen
// what goes and typed a reason and ERASE; the row then reads "erased" and the counters stay.

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASURE_MESSAGES } from '@acres/contracts/erasure';
import { validLead } from '@acres/fixtures';
import { expectStatus } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';

const app = useBrowserApp();

const LEADS = {
  desktop: {
    fullName: 'Hadiza Quorumbe',
    email: 'hadiza.quorumbe@example.ng',
    phone: '0803 555 0101',
    phoneE164: '2348035550101',
  },
  phone: {
    fullName: 'Tamuno Wexlerson',
    email: 'tamuno.wexlerson@example.ng',
    phone: '0803 555 0102',
    phoneE164: '2348035550102',
  },
};

let lastPosition = '';
const postLead = async (lead: (typeof LEADS)['desktop']) => {
  const response = await fetch(app.url('/api/leads'), {
    method: 'POST',
    headers: { origin: app.server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(validLead({ ...lead, notes: `Private note about ${lead.fullName}` })),
  });
  await expectStatus(response, 201);
  lastPosition = ((await response.json()) as { position: string }).position;
};

const counter = (page: Page, key: string) => page.getByTestId(`counter-${key}`).getByTestId('counter-value');
const rows = (page: Page) => page.locator('[data-testid="lead-row"]:visible');
const settle = (page: Page) => waitForExpression(page, "document.getAnimations().every((a) => a.playState !== 'running')");
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
const text = async (locator: Locator) => ((await locator.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  await postLead(LEADS.desktop);
  await postLead(LEADS.phone);
  const counters = await fetch(app.url('/api/admin/counters'), {
    headers: { authorization: app.adminAuthorization(), 'x-min-position': lastPosition },
  });
  await expectStatus(counters, 200);
});

const eraseFromDialog = async (page: Page, name: string, shot: string) => {
  await rows(page).filter({ hasText: name }).first().click();
  const dialog = page.getByTestId('lead-detail');
  await dialog.waitFor();
  await dialog.getByTestId('erase-open').click();
  const preview = dialog.getByTestId('erase-preview');
  await preview.waitFor();
  expect(await text(preview)).toContain('1 lead');
  await dialog.getByTestId('erase-submit').scrollIntoViewIfNeeded();
  // Neither a reason nor the confirmation yet: refused in the form, naming both.
  await dialog.getByTestId('erase-submit').click();
  await eventually(async () => (await dialog.getByRole('alert').allTextContents()).join(' | ')).toContain(
    ERASURE_MESSAGES.reason,
  );
  expect((await dialog.getByRole('alert').allTextContents()).join(' | ')).toContain(ERASURE_MESSAGES.confirm);
  await dialog.getByTestId('erase-reason').fill('The data subject asked to be erased');
  await dialog.getByTestId('erase-confirm').fill('ERASE');
  await settle(page);
  await saveScreenshot(page, `${shot}-confirm`, { fullPage: false });
  await dialog.getByTestId('erase-submit').click();
  await eventually(() => text(page.getByTestId('toast'))).toContain('Personal data erased');
  await dialog.getByRole('button', { name: /close/i }).first().click();
  await dialog.waitFor({ state: 'detached' });
};

describe.each([
  ['desktop', VIEWPORTS.desktop, LEADS.desktop],
  ['phone', VIEWPORTS.phone, LEADS.phone],
] as const)('erasing a lead at %s', (label, viewport, lead) => {
  let page: Page;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await app.openAdmin(viewport, 'leads');
    page = opened.page;
    close = () => opened.context.close();
  });
  afterAll(async () => close?.());

  it('shows what goes, asks for a reason and ERASE, then the row reads "erased" and the counters stay', async () => {
    await eventually(() => rows(page).count()).toBe(2);
    const before = await text(counter(page, 'totalLeads'));
    await eraseFromDialog(page, lead.fullName, `erasure-lead-${label}`);
    await page.getByTestId('admin-refresh').click();
    await eventually(async () => (await rows(page).allTextContents()).join(' ')).not.toContain(lead.fullName);
    await eventually(async () => (await rows(page).allTextContents()).join(' ')).toContain('erased');
    expect(await text(counter(page, 'totalLeads'))).toBe(before);
    await settle(page);
    await saveScreenshot(page, `erasure-lead-${label}-after`);
  });
});
