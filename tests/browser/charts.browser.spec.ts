import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
// The dashboards' charts (issue 11): the admin's weekly overview and the affiliate's
// months, drawn from data written through the real APIs, with their table alternatives
// checked cell by cell and photographed at 390 and 1280 px.

import { validApplication } from '@acres/fixtures';
import type { Cookie, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, makePng, send, setBusinessSettings, signUp, submitPayment, type Investor } from './fixtures/api';
import { useBrowserApp, type Viewport } from './fixtures/app';
import { saveScreenshot, SCREENSHOT_DIR, VIEWPORTS, waitForExpression } from './harness';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import { answerConfirmation } from './fixtures/confirm';

const app = useBrowserApp();

const LEAD = {
  fullName: 'Ada Obi',
  company: 'Obi Estates Ltd',
  phone: '+234 801 234 5678',
  role: 'Investor',
  intendedAcres: 25,
  commitment: 'Immediately',
  notes: '',
  consent: true,
  consentVersion: LEAD_CONSENT_TEXT.version,
  priceBand: '3.5M',
};

const AFFILIATE_USER = { firstName: 'Ngozi', lastName: 'Eze', email: 'ngozi.charts@example.ng', password: 'referral-2024-safe' };

let lastPosition = '0';
const track = async (response: Response, status = 201) => {
  await expectStatus(response, status);
  const body = (await response.json()) as { id?: string; position?: string };
  if (body.position && BigInt(body.position) > BigInt(lastPosition)) lastPosition = body.position;
  return body;
};

const admin = (method: string, path: string, json?: unknown) =>
  fetch(new URL(path, app.server.baseUrl), {
    method,
    headers: {
      authorization: app.adminAuthorization(),
      origin: app.server.baseUrl,
      'x-min-position': lastPosition,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });

const postLead = (n: number, referralCode?: string) =>
  send(app.server.baseUrl, '/api/leads', {
    method: 'POST',
    json: { ...LEAD, email: `chart.lead${n}@example.ng`, ...(referralCode ? { referralCode } : {}) },
  }).then((response) => track(response));

const text = (locator: Locator) => locator.textContent().then((t) => (t ?? '').replace(/\s+/g, ' ').trim());

/** The last row of a chart's table (the current week or month): its header and cells. */
const lastRow = async (page: Page, chart: string) => {
  const row = page.getByTestId(`${chart}-table`).locator('tbody tr').last();
  return { period: await text(row.locator('th')), cells: await row.locator('td').allTextContents() };
};

/** The values drawn for the current period, series by series. */
const drawn = (page: Page, chart: string, series: string) =>
  page.getByTestId(chart).locator(`svg [data-series="${series}"]`).last().getAttribute('data-value');

const noOverflow = async (page: Page) => {
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  for (const svg of await page.getByTestId('chart-plot').all()) {
    const box = (await svg.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
};

/** The whole page, and the charts alone at full size (`section` is their container's test id). */
const shoot = async (page: Page, name: string, section: string) => {
  await waitForExpression(page, "document.getAnimations().every((a) => a.playState !== 'running')", 5000);
  await page.getByTestId(section).screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-section.png`) });
  await page.evaluate('window.scrollTo(0, 0)');
  await saveScreenshot(page, name);
};

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations inside the element of `testId` (a string: the page's CSP does not govern it). */
const axeViolations = async (page: Page, testId: string) => {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`(async () => {
    const result = await window.axe.run({ include: [['[data-testid="${testId}"]']] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => v.id + ': ' + v.help + ' at ' + n.target.join(' ')));
  })()`);
};

let referralCode = '';
let affiliateCookies: Cookie[] = [];

beforeAll(async () => {
  const base = app.server.baseUrl;
  // The affiliate, signed up and registered through the API.
  const { context, page } = await app.openPage(VIEWPORTS.desktop);
  await page.goto(app.url('/'));
  await app.signUpInPage(page, AFFILIATE_USER);
  const registered = await page.context().request.post(app.url('/api/affiliate/register'), {
    data: {
      full_name: 'Ngozi Eze',
      phone_number: '+2348091234567',
      bank_name: 'Access Bank',
      account_number: '9876543210',
      account_name: 'Ngozi Eze',
      marketing_experience: 'expert',
      marketing_channels: 'Realtor network across Lagos and Abuja',
    },
  });
  expect(registered.status()).toBe(201);
  referralCode = ((await registered.json()) as { affiliate: { referralCode: string } }).affiliate.referralCode;
  const reported = await page.context().request.post(app.url('/api/affiliate/report-sale'), {
    headers: { origin: base },
    data: {
      clientName: 'Kola Ade',
      clientPhone: '08031234567',
      acres: 1,
      amountPaid: 3_500_000,
      paymentPlan: 'outright',
      transactionDate: new Date().toISOString().slice(0, 10),
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const sale = (await reported.json()) as { id: string; position: string };
  lastPosition = sale.position;
  affiliateCookies = await context.cookies();
  await context.close();

  // Four leads (two through the affiliate's link), two applications, two payments, one approved.
  await postLead(1);
  await postLead(2);
  await postLead(3, referralCode);
  await postLead(4, referralCode);
  for (const n of [1, 2]) {
    await track(
      await send(base, '/api/subscriptions', { method: 'POST', json: validApplication({ email: `chart.app${n}@example.ng` }) }),
    );
  }
  // Proofs are refused until the escrow account is set (issue 12).
  await setBusinessSettings(base, app.adminAuthorization());
  const investors: Investor[] = [await signUp(base, 'Tayo', 'Bello'), await signUp(base, 'Femi', 'Oni')];
  const approved = await submitPayment(base, investors[0]!, 5, makePng(64, 64, [19, 78, 56], [227, 177, 55]));
  const pending = await submitPayment(base, investors[1]!, 3, makePng(64, 64, [30, 64, 175], [240, 240, 240]));
  lastPosition = pending.position;
  // The decisions find the payment and the sale in their read models.
  await expectStatus(await admin('GET', '/api/admin/payments'), 200);
  await expectStatus(await admin('GET', '/api/admin/affiliate-sales'), 200);
  await track(await admin('PUT', `/api/admin/payments/${approved.id}/status`, { status: 'approved', adminNotes: 'Paid' }), 200);
  await track(await admin('PUT', `/api/admin/affiliate-sales/${sale.id}/status`, { status: 'verified', notes: '' }), 200);
  // Read-your-writes: the charts' read models have every write above.
  await expectStatus(await admin('GET', '/api/admin/charts'), 200);
});

const openAdmin = async (viewport: Viewport) => {
  // The charts have a tab of their own.
  const { context, page } = await app.openAdmin(viewport, 'overview');
  await page.getByTestId('chart-activity-table').waitFor({ state: 'attached' });
  return { context, page };
};

describe('the admin overview charts', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows this week's leads, applications, payments and allocation at ${viewport.width} px`, async () => {
      const { context, page } = await openAdmin(viewport);
      try {
        const activity = await lastRow(page, 'chart-activity');
        expect(activity.period).toMatch(/^Week of \d{1,2} [A-Z][a-z]{2} \d{4}$/);
        expect(activity.cells).toEqual(['4', '2']);
        expect((await lastRow(page, 'chart-payments')).cells).toEqual(['2', '1']);
        expect((await lastRow(page, 'chart-allocation')).cells).toEqual(['5', '1']);
        expect(await page.getByTestId('chart-activity-table').locator('tbody tr').count()).toBe(12);
        expect(await drawn(page, 'chart-activity', 'leads')).toBe('4');
        expect(await drawn(page, 'chart-activity', 'applications')).toBe('2');
        expect(await drawn(page, 'chart-payments', 'paymentsSubmitted')).toBe('2');
        expect(await drawn(page, 'chart-payments', 'paymentsApproved')).toBe('1');
        expect(await drawn(page, 'chart-allocation', 'acresApproved')).toBe('5');
        // Screen readers get the table: a caption and headers, while the drawing is hidden from them.
        const table = page.getByTestId('chart-allocation-table');
        expect(await text(table.locator('caption'))).toContain('200 acres');
        expect(await table.locator('thead th[scope="col"]').allTextContents()).toEqual(['Week', 'Acres approved', 'Partners']);
        expect(await page.getByTestId('chart-allocation').getByTestId('chart-plot').getAttribute('aria-hidden')).toBe('true');
        await noOverflow(page);
        expect(await axeViolations(page, 'admin-charts')).toEqual([]);
        await shoot(page, `charts-admin-${name}`, 'admin-charts');

        // The toggle shows the table instead of the chart.
        await page.getByTestId('chart-payments-toggle').click();
        expect(await page.getByTestId('chart-payments-toggle').getAttribute('aria-pressed')).toBe('true');
        expect(await page.getByTestId('chart-payments').getByTestId('chart-plot').count()).toBe(0);
        const box = (await page.getByTestId('chart-payments-table').boundingBox())!;
        expect(box.height).toBeGreaterThan(100);
        await noOverflow(page);
        expect(await axeViolations(page, 'admin-charts')).toEqual([]);
        await shoot(page, `charts-admin-table-${name}`, 'admin-charts');
      } finally {
        await context.close();
      }
    });
  }
});

describe('the admin overview charts after a decision', () => {
  it('follow an approval made in the review dialog, without a Refresh', async () => {
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'overview');
    try {
      await page.getByTestId('chart-allocation-table').waitFor({ state: 'attached' });
      expect((await lastRow(page, 'chart-allocation')).cells).toEqual(['5', '1']);
      await page.getByTestId('tab-payments').click();
      await page.locator('[data-testid="payment-row"]:visible').filter({ hasText: 'Femi Oni' }).first().click();
      const dialog = page.getByTestId('payment-review');
      await dialog.getByTestId('payment-admin-notes').fill('Matches the statement.');
      await dialog.getByTestId('payment-review-approve').click();
      await answerConfirmation(page, 'payment-review-confirm');
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('tab-overview').click();
      await page.getByTestId('chart-allocation-table').waitFor({ state: 'attached' });
      await expect.poll(async () => (await lastRow(page, 'chart-allocation')).cells).toEqual(['8', '2']);
      expect((await lastRow(page, 'chart-payments')).cells).toEqual(['2', '2']);
      expect(await drawn(page, 'chart-allocation', 'acresApproved')).toBe('8');
    } finally {
      await context.close();
    }
  });
});

describe('the affiliate dashboard charts', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows this month's referred leads and commission at ${viewport.width} px`, async () => {
      const { context, page } = await app.openPage(viewport);
      try {
        await context.addCookies(affiliateCookies);
        await page.goto(app.url('/affiliate/dashboard'));
        await page.getByTestId('chart-commission-table').waitFor({ state: 'attached' });
        const leads = await lastRow(page, 'chart-referred-leads');
        expect(leads.period).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
        expect(leads.cells).toEqual(['2']);
        expect((await lastRow(page, 'chart-commission')).cells).toEqual(['₦175,000']);
        expect(await page.getByTestId('chart-commission-table').locator('tbody tr').count()).toBe(12);
        expect(await drawn(page, 'chart-referred-leads', 'referredLeads')).toBe('2');
        expect(await drawn(page, 'chart-commission', 'commission')).toBe('175000');
        expect(await text(page.getByTestId('chart-commission-table').locator('caption'))).toContain('Lagos time');
        await page.getByTestId('affiliate-charts').scrollIntoViewIfNeeded();
        await noOverflow(page);
        expect(await axeViolations(page, 'affiliate-charts')).toEqual([]);
        await shoot(page, `charts-affiliate-${name}`, 'affiliate-charts');
      } finally {
        await context.close();
      }
    });
  }

  it('reports no CSP violation', () => {
    expect(app.cspViolations()).toEqual([]);
  });
});
