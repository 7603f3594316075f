// The payment audit (issue 12, items 3 and 4): the admin searches and filters the payments,
// sees who decided and when, exports the filtered set as CSV with the event-log position it
// was taken at, and reviews a payment showing how far its amount is from the price.

import { readFile } from 'node:fs/promises';
import type { AdminPaymentsResponse } from '@acres/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from './fixtures/api';
import { expectStatus, type Investor, makePng, postPayment, send, uploadPaymentProof } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';
import { readText, settleAnimations } from './page-text';

const app = useBrowserApp();

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
const rows = (page: Page) => page.locator('[data-testid="payment-row"]:visible');
const names = (page: Page) => rows(page).evaluateAll((els) => els.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ')));

/** The investor's own path (upload, then the payment), with an amount of their choosing. */
const submitPayment = async (investor: Investor, acres: number, amount: number) => {
  const png = makePng(320, 240, [19, 78, 56], [227, 177, 55]);
  const proofImagePath = await uploadPaymentProof(app.server.baseUrl, investor, png);
  const payment = { acres, amount, proofImagePath };
  const created = await postPayment(app.server.baseUrl, investor, payment);
  await expectStatus(created, 201);
  // The same receipt cannot back a second payment.
  await expectStatus(await postPayment(app.server.baseUrl, investor, payment), 409);
  return (await created.json()) as { id: string; position: string };
};

const adminSend = (path: string, init: { method: string; json?: unknown; minPosition?: string }) =>
  fetch(new URL(path, app.server.baseUrl), {
    method: init.method,
    headers: {
      authorization: app.adminAuthorization(),
      origin: app.server.baseUrl,
      ...(init.json ? { 'content-type': 'application/json' } : {}),
      ...(init.minPosition ? { 'x-min-position': init.minPosition } : {}),
    },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });

let ngozi: Investor;
let tunde: Investor;
const paid: Record<'ngoziShort' | 'ngoziFull' | 'tunde', { id: string; position: string }> = {} as never;

beforeAll(async () => {
  await fixtures.setBusinessSettings(app.server.baseUrl, app.adminAuthorization());
  ngozi = await app.signUpInvestor('Ngozi', 'Okafor');
  tunde = await app.signUpInvestor('Tunde', 'Bakare');
  // ₦500,000 short of the 10 acres' ₦35,000,000.
  paid.ngoziShort = await submitPayment(ngozi, 10, 34_500_000);
  paid.ngoziFull = await submitPayment(ngozi, 2, 7_000_000);
  paid.tunde = await submitPayment(tunde, 4, 14_000_000);
  const decided = await adminSend(`/api/admin/payments/${paid.ngoziFull.id}/status`, {
    method: 'PUT',
    json: { status: 'approved', adminNotes: 'Matches the escrow statement' },
  });
  await expectStatus(decided, 200);
  const { position } = (await decided.json()) as { position: string };
  const list = await adminSend('/api/admin/payments', { method: 'GET', minPosition: position });
  await expectStatus(list, 200);
  expect(((await list.json()) as AdminPaymentsResponse).total).toBe(3);
});

describe('the payment audit at 1280 px', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await app.openPage(VIEWPORTS.desktop, { acceptDownloads: true }));
    await page.goto(app.url('/admin'));
    await app.signInAdmin(page);
    await page.getByTestId('admin-refresh').waitFor();
    await page.getByTestId('tab-payments').click();
    await waitForExpression(page, `document.querySelectorAll('[data-testid="payment-row"]').length >= 3`);
  });
  afterAll(async () => page?.context().close());

  it('shows who decided and when beside each payment, and the difference from the price', async () => {
    const table = page.locator('table').filter({ has: page.locator('[data-testid="payment-row"]') });
    const headers = await table.locator('th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Decided by', 'Decided']));
    const approved = await readText(rows(page).filter({ hasText: '₦7,000,000' }));
    expect(approved).toContain('admin');
    expect(approved).toMatch(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2} WAT.*\d{1,2} \w{3} \d{4}, \d{2}:\d{2} WAT/);
    expect(await readText(rows(page).filter({ hasText: '₦34,500,000' }).getByTestId('payment-row-difference'))).toBe(
      '₦500,000 short',
    );
    await saveScreenshot(page, 'payment-audit-desktop');
  });

  it('searches by name, email and payment id, and filters by status and Lagos dates', async () => {
    const search = page.getByTestId('payments-search');
    await search.fill('okaf');
    await eventually(async () => (await names(page)).length).toBe(2);
    expect((await names(page)).every((row) => row.includes('Ngozi Okafor'))).toBe(true);

    await search.fill(tunde.email.slice(0, 12));
    await eventually(async () => (await names(page)).join('|')).toMatch(/^[^|]*Tunde Bakare[^|]*$/);

    await search.fill(paid.ngoziShort.id.slice(0, 13));
    await eventually(async () => (await names(page)).join('|')).toMatch(/^[^|]*₦34,500,000[^|]*$/);

    await search.fill('ngozi');
    await page.getByTestId('payments-filter-approved').click();
    await eventually(async () => (await names(page)).join('|')).toMatch(/^[^|]*₦7,000,000[^|]*$/);
    await page.getByTestId('payments-filter-all').click();

    // Today in Lagos holds every payment; a range before today holds none.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    await page.getByTestId('payments-from').fill(today);
    await page.getByTestId('payments-to').fill(today);
    await eventually(async () => (await names(page)).length).toBe(2);
    await page.getByTestId('payments-from').fill('2020-01-01');
    await page.getByTestId('payments-to').fill('2020-01-31');
    await eventually(() => readText(page.getByTestId('payments-empty'))).toContain('No matching payments');
    await page.getByTestId('payments-clear-filters').click();
    await eventually(() => rows(page).count()).toBe(3);
  });

  it("narrows to one investor from a payment's review, which shows the difference from the price", async () => {
    await rows(page).filter({ hasText: '₦34,500,000' }).click();
    const dialog = page.getByTestId('payment-review');
    await dialog.waitFor();
    expect(await readText(dialog.getByTestId('payment-expected-amount'))).toContain('₦35,000,000');
    expect(await readText(dialog.getByTestId('payment-amount-difference'))).toContain('₦500,000 short');
    await settleAnimations(page);
    await saveScreenshot(page, 'payment-audit-review-difference-desktop', { fullPage: false });
    await dialog.getByTestId('payment-show-investor').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await readText(page.getByTestId('payments-investor-filter'))).toContain('Ngozi Okafor');
    await eventually(async () => (await names(page)).length).toBe(2);
    expect((await names(page)).every((row) => row.includes('Ngozi Okafor'))).toBe(true);
  });

  it('exports the filtered set as CSV, header first, as at the event-log position named in the file', async () => {
    await page.getByTestId('payments-search').fill('okafor');
    await eventually(async () => (await names(page)).length).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payments-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}-at-\d+\.csv$/);
    const position = /-at-(\d+)\.csv$/.exec(download.suggestedFilename())![1]!;
    expect(BigInt(position)).toBeGreaterThanOrEqual(BigInt(paid.tunde.position));
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    // A spreadsheet reads the first line as the header row; where the file stands comes last.
    const [header, ...rest] = csv.trim().split('\r\n');
    const trailer = rest.at(-1)!;
    const lines = rest.slice(0, -1);
    expect(header).toMatch(/^Payment ID,/);
    expect(header).toContain('Decided By');
    expect(trailer).toContain(`as at event-log position ${position}`);
    // The filters of the list, the investor from the review's "All payments of this investor" among them.
    expect(trailer).toContain('search ""okafor""');
    expect(trailer).toMatch(/investor [0-9a-f-]{36}/);
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.includes(ngozi.email))).toBe(true);
    expect(lines.find((line) => line.startsWith(paid.ngoziFull.id))).toContain(',approved,admin,');
    expect(lines.find((line) => line.startsWith(paid.ngoziShort.id))).toContain(',34500000,35000000,-500000,pending,');
    // The staff screen names no log position: the file does.
    await eventually(() => readText(page.getByTestId('toast'))).toContain('CSV file has been downloaded');
    expect(await readText(page.getByTestId('toast'))).not.toContain('position');
    await page.getByTestId('payments-clear-filters').click();
  });
});

describe('the payment audit at 390 px', () => {
  it('shows the filters and the decided payment as cards', async () => {
    const { context, page } = await app.openAdmin(VIEWPORTS.phone, 'payments');
    try {
      await eventually(() => rows(page).count()).toBe(3);
      await page.getByTestId('payments-search').fill('okafor');
      await eventually(async () => (await names(page)).length).toBe(2);
      expect(await readText(rows(page).filter({ hasText: 'Approved by' }))).toContain('Approved by admin');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await settleAnimations(page);
      await saveScreenshot(page, 'payment-audit-mobile');
    } finally {
      await context.close();
    }
  });
});

describe("the investor's own payments", () => {
  it('name the deciding role, never the admin account', async () => {
    const response = await send(app.server.baseUrl, '/api/payments', { method: 'GET', cookie: ngozi.cookie });
    await expectStatus(response, 200);
    const own = (await response.json()) as { id: string; approvedBy: string | null }[];
    expect(own.find((payment) => payment.id === paid.ngoziFull.id)?.approvedBy).toBe('Admin');
    const history = await send(app.server.baseUrl, `/api/payments/${paid.ngoziFull.id}/history`, {
      method: 'GET',
      cookie: ngozi.cookie,
    });
    const entries = (await history.json()) as { type: string; actor: string | null }[];
    expect(entries.find((entry) => entry.type === 'approved')?.actor).toBe('Admin');
  });

  it('leave no CSP violation behind', () => {
    expect(app.cspViolations()).toEqual([]);
  });
});
