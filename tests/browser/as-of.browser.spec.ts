// Issue 14, item 6, in the browser: the admin's allocation, an investor's payment history
// and an affiliate's statement viewed as of a Lagos date and time (never a log position on
// screen), with the banner that says so and the way back to now; each walked once, each
// screen checked at 390 and 1280 px.

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from './fixtures/api';
import { expectStatus, makePng, registerAffiliate, send, type Investor } from './fixtures/api';
import { useBrowserApp, type Viewport } from './fixtures/app';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { atBothWidths } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';
import { formatClockSeconds, lagosDayIso } from '@acres/contracts/lagos-time';

const app = useBrowserApp();

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
const settle = (page: Page) => waitForExpression(page, "document.getAnimations().every((a) => a.playState !== 'running')", 5000);
const text = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .textContent()
    .then((t) => (t ?? '').replace(/\s+/g, ' ').trim());
const lagosDay = (offsetDays = 0) => lagosDayIso(new Date(Date.now() + offsetDays * 86_400_000));

let ada: Investor;
/** The log positions of Ada's first approval, of her sale's report, and of the sale's verification. */
const at = { firstApproval: '', saleReported: '', saleVerified: '' };
type Moment = { date: string; time: string };
/** Lagos date and time (to the second) just after Ada's first approval, and just after her sale's report. */
const moment: { firstApproval: Moment; saleReported: Moment } = {
  firstApproval: { date: '', time: '' },
  saleReported: { date: '', time: '' },
};

/**
 * The Lagos second now, once the clock has moved on to the next one: everything before is in
 * it, and whatever is written next is recorded after it (the same machine's clock).
 */
const takeMoment = async (): Promise<Moment> => {
  const now = new Date();
  const date = lagosDayIso(now);
  const time = formatClockSeconds(now);
  // Waits for the clock's next second to start (at most one second), not for the product.
  while (Math.floor(Date.now() / 1000) === Math.floor(now.getTime() / 1000)) {
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
  }
  return { date, time };
};

const admin = (path: string, init: { method: string; json?: unknown }) =>
  fetch(app.url(path), {
    method: init.method,
    headers: { authorization: app.adminAuthorization(), origin: app.server.baseUrl, 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

const approve = async (paymentId: string) => {
  const response = await admin(`/api/admin/payments/${paymentId}/status`, {
    method: 'PUT',
    json: { status: 'approved', adminNotes: 'Matches the escrow statement' },
  });
  await expectStatus(response, 200);
  return ((await response.json()) as { position: string }).position;
};

beforeAll(async () => {
  await fixtures.setBusinessSettings(app.server.baseUrl, app.adminAuthorization());
  ada = await app.signUpInvestor('Ada', 'Obi');
  const first = await fixtures.submitPayment(app.server.baseUrl, ada, 25, makePng(64, 48, [19, 78, 56], [227, 177, 55]));
  at.firstApproval = await approve(first.id);
  moment.firstApproval = await takeMoment();
  const later = await fixtures.submitPayment(app.server.baseUrl, ada, 10, makePng(64, 48, [30, 64, 175], [240, 240, 240]));
  await approve(later.id);

  await registerAffiliate(app.server.baseUrl, ada);
  const reported = await send(app.server.baseUrl, '/api/affiliate/report-sale', {
    method: 'POST',
    cookie: ada.cookie,
    json: {
      clientName: 'Ngozi Eze',
      clientPhone: '08051234567',
      acres: 2,
      amountPaid: 7_000_000,
      paymentPlan: 'outright',
      transactionDate: lagosDay(),
    },
  });
  await expectStatus(reported, 201);
  const sale = (await reported.json()) as { id: string; position: string };
  at.saleReported = sale.position;
  moment.saleReported = await takeMoment();
  const verified = await admin(`/api/admin/affiliate-sales/${sale.id}/status`, { method: 'PUT', json: { status: 'verified' } });
  await expectStatus(verified, 200);
  at.saleVerified = ((await verified.json()) as { position: string }).position;
});

/** A page signed in as Ada (her session cookie), at `path`. */
const openAsAda = async (viewport: Viewport, path: string) => {
  const page = await app.newPage(viewport);
  const [name, ...value] = ada.cookie.split('=');
  await page.context().addCookies([{ name: name!, value: value.join('='), url: app.server.baseUrl }]);
  await page.goto(app.url(path));
  return page;
};

/** The `prefix` banner names the Lagos date and time asked for, never which log position. */
const expectMomentBanner = async (page: Page, prefix: string, at: Moment) => {
  await eventually(() => text(page, `${prefix}-as-of-moment`)).toContain(`${at.time} (Lagos)`);
  expect(await text(page, `${prefix}-as-of-banner`)).not.toMatch(/position/i);
};

/** Opens the `prefix` as-of form inside `within`, asks for a Lagos date and time and waits for the banner to name them. */
const viewAsOfMoment = async (page: Page, within: Page | Locator, prefix: string, at: Moment) => {
  await within.getByTestId(`${prefix}-as-of-open`).click();
  await atBothWidths(page, async () => expect(await within.getByText(/log position/i).count()).toBe(0));
  await within.getByLabel('As of date').fill(at.date);
  await within.getByLabel(/^Time/).fill(at.time);
  await within.getByTestId(`${prefix}-as-of-submit`).click();
  await expectMomentBanner(page, prefix, at);
};

describe('the admin’s allocation as of a date, or a date and time', () => {
  it('shows yesterday’s empty project, a moment’s 25 acres, then now, at 390 and 1280 px', async () => {
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'payments');
    try {
      await atBothWidths(page, () => eventually(() => text(page, 'allocation-acres-used')).toBe('35 of 200 acres'));
      await page.getByTestId('allocation-as-of-open').click();
      await page.getByLabel('As of date').fill(lagosDay(-1));
      await atBothWidths(page, async ({ width }) => {
        await page.getByTestId('allocation-as-of-form').scrollIntoViewIfNeeded();
        await settle(page);
        await saveScreenshot(page, `as-of-allocation-form-${width}`, { fullPage: false });
      });
      await page.getByTestId('allocation-as-of-submit').click();
      const banner = page.getByTestId('allocation-as-of-banner');
      await banner.waitFor();
      await atBothWidths(page, async ({ width }) => {
        expect(await text(page, 'allocation-as-of-banner')).toContain('Viewing as of end of');
        expect(await text(page, 'allocation-as-of-banner')).not.toMatch(/position/i);
        await eventually(() => text(page, 'allocation-acres-used')).toBe('0 of 200 acres');
        await settle(page);
        await saveScreenshot(page, `as-of-allocation-date-${width}`, { fullPage: false });
        await expectNoSeriousA11yViolations(page, `allocation as of a date at ${width} px`);
      });

      await page.getByTestId('allocation-as-of-back').click();
      await atBothWidths(page, () => eventually(() => text(page, 'allocation-acres-used')).toBe('35 of 200 acres'));
      await viewAsOfMoment(page, page, 'allocation', moment.firstApproval);
      await atBothWidths(page, async () => {
        await expectMomentBanner(page, 'allocation', moment.firstApproval);
        await eventually(() => text(page, 'allocation-acres-used')).toBe('25 of 200 acres');
      });
    } finally {
      await context.close();
    }
  });

  it('names the field when the form is sent empty', async () => {
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'payments');
    try {
      await page.getByTestId('allocation-as-of-open').click();
      await page.getByTestId('allocation-as-of-submit').click();
      await eventually(() => page.getByRole('alert').filter({ hasText: 'Choose a date' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('an investor’s payments as of a date and time', () => {
  it('shows the one approved payment the log held then, then both again, at 390 and 1280 px', async () => {
    const page = await openAsAda(VIEWPORTS.desktop, '/dashboard');
    const items = page.locator('[data-testid="payments-list"] > li');
    await atBothWidths(page, () => eventually(() => items.count()).toBe(2));
    await viewAsOfMoment(page, page, 'payments', moment.firstApproval);
    await atBothWidths(page, async ({ width }) => {
      await expectMomentBanner(page, 'payments', moment.firstApproval);
      await eventually(() => items.count()).toBe(1);
      await page.getByTestId('payments-as-of-banner').scrollIntoViewIfNeeded();
      await settle(page);
      await saveScreenshot(page, `as-of-payments-${width}`, { fullPage: false });
      await expectNoSeriousA11yViolations(page, `payments as of a moment at ${width}`);
      await expectNoOverflow(page, `payments as of a moment at ${width}`);
    });
    await page.getByTestId('payments-as-of-back').click();
    await atBothWidths(page, () => eventually(() => items.count()).toBe(2));
  });
});

describe('an affiliate’s statement as of a date and time', () => {
  it('is empty before the verification, with a CSV of that moment, and has the sale now, at 390 and 1280 px', async () => {
    const page = await openAsAda(VIEWPORTS.desktop, '/affiliate/dashboard');
    const rows = page.getByTestId('statement-row');
    await atBothWidths(page, () => eventually(() => rows.count()).toBe(1));
    await viewAsOfMoment(page, page, 'statement', moment.saleReported);
    await atBothWidths(page, async ({ width }) => {
      await expectMomentBanner(page, 'statement', moment.saleReported);
      await page.getByTestId('statement-empty').waitFor();
      const href = await page.getByTestId('statement-csv').getAttribute('href');
      expect(href).toContain(`asOfTime=${encodeURIComponent(moment.saleReported.time)}`);
      const csv = await page.context().request.get(app.url(href!));
      expect((await csv.text()).split('\r\n')[0]).toMatch(/^\uFEFFSale ID,/);
      // The file is named with the position the moment resolved to: after the report, before the verification.
      const position = BigInt(/-at-(\d+)\.csv/.exec(csv.headers()['content-disposition']!)![1]!);
      expect(position).toBeGreaterThanOrEqual(BigInt(at.saleReported));
      expect(position).toBeLessThan(BigInt(at.saleVerified));
      await page.getByTestId('statement-as-of-banner').scrollIntoViewIfNeeded();
      await settle(page);
      await saveScreenshot(page, `as-of-statement-${width}`, { fullPage: false });
    });
    await page.getByTestId('statement-as-of-back').click();
    await atBothWidths(page, () => eventually(() => rows.count()).toBe(1));
    expect(Number(at.saleVerified)).toBeGreaterThan(Number(at.saleReported));
  });
});

describe('the admin’s view of an affiliate’s statement as of a date and time', () => {
  it('is empty before the verification and has the sale now', async () => {
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'affiliates');
    try {
      await page.locator('[data-testid="affiliate-row"]:visible').filter({ hasText: 'Ada Obi' }).first().click();
      const detail = page.getByTestId('affiliate-detail');
      await detail.waitFor();
      const rows = detail.getByTestId('admin-statement-row');
      await eventually(() => rows.count()).toBe(1);
      await viewAsOfMoment(page, detail, 'admin-statement', moment.saleReported);
      await detail.getByTestId('admin-statement-empty').waitFor();
      await expectNoSeriousA11yViolations(page, 'admin statement as of a moment');
      await detail.getByTestId('admin-statement-as-of-back').click();
      await eventually(() => rows.count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
