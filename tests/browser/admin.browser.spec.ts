import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { validApplication } from '@acres/fixtures';
import { useBrowserApp, useSharedPage, type Viewport } from './fixtures/app';
import { waitForExpression, saveScreenshot, VIEWPORTS } from './harness';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import { lagosDayIso } from '@acres/contracts/lagos-time';

const ADA = {
  fullName: 'Ada Obi',
  company: 'Obi Estates Ltd',
  email: 'ada.obi@example.ng',
  phone: '+234 801 234 5678',
  phoneE164: '+2348012345678',
  role: 'Investor',
  intendedAcres: 25,
  commitment: 'Immediately',
  notes: 'Prefers a call after 5pm.',
  consent: true,
  consentVersion: LEAD_CONSENT_TEXT.version,
  priceBand: '3.5M',
};
const BOLA = {
  ...ADA,
  fullName: 'Bola Ade',
  company: 'Ade Homes',
  email: 'bola@example.ng',
  phone: '0803 555 1234',
  phoneE164: '+2348035551234',
  role: 'Realtor',
  intendedAcres: 40,
  notes: '',
};

const app = useBrowserApp();

/** Writes through the real command API, then waits (read-your-writes) until the admin reads see it. */
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${app.server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const accepted = (await response.json()) as { position: string; applicationNumber?: string };
  const counters = await fetch(`${app.server.baseUrl}/api/admin/counters`, {
    headers: { authorization: app.adminAuthorization(), 'x-min-position': accepted.position },
  });
  expect(counters.status).toBe(200);
  return accepted;
};

const waitForText = (locator: Locator, text: string | RegExp) => locator.filter({ hasText: text }).first().waitFor();
const counter = (page: Page, key: string) => page.getByTestId(`counter-${key}`).getByTestId('counter-value');
const visibleRows = (page: Page) => page.locator('[data-testid="lead-row"]:visible');
/** Dialogs and toasts animate in; measure and photograph them once they stand still. */
const settle = (page: Page) => waitForExpression(page, "document.getAnimations().every((a) => a.playState !== 'running')");

/** /admin, not signed in: this spec signs in itself. */
const openAdmin = async (viewport: Viewport) => {
  const { context, page } = await app.openPage(viewport, { acceptDownloads: true });
  await page.goto(app.url('/admin'));
  await page.getByTestId('admin-login').waitFor();
  return { context, page };
};

beforeAll(async () => {
  await post('/api/leads', ADA);
});

describe('the admin area at 1280 px', () => {
  const admin = useSharedPage(() => openAdmin(VIEWPORTS.desktop));

  it('signs in only with the right credentials, and only in page memory', async () => {
    await saveScreenshot(admin.page, 'admin-login-desktop');

    await admin.page.getByTestId('admin-login-submit').click();
    await waitForText(admin.page.getByRole('alert'), 'Username is required');
    await waitForText(admin.page.getByRole('alert'), 'Password is required');

    await app.signInAdmin(admin.page, 'not-the-password');
    await waitForText(admin.page.getByTestId('toast'), 'Authentication failed');
    expect(await admin.page.getByTestId('admin-login').isVisible()).toBe(true);

    await app.signInAdmin(admin.page);
    await waitForText(counter(admin.page, 'totalLeads'), /^1$/);
    expect(await counter(admin.page, 'pendingApprovals').textContent()).toBe('0');

    const stored = await admin.page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    const cookies = JSON.stringify(await admin.context.cookies());
    for (const secret of [app.server.adminPassword, app.adminAuthorization().slice(6)]) {
      expect(stored).not.toContain(secret);
      expect(cookies).not.toContain(secret);
    }
  });

  it('lists the lead and shows its value and contact actions', async () => {
    await waitForText(visibleRows(admin.page), ADA.fullName);
    expect(await visibleRows(admin.page).count()).toBe(1);
    await visibleRows(admin.page).first().click();

    const dialog = admin.page.getByTestId('lead-detail');
    await dialog.waitFor();
    expect(await dialog.getByTestId('lead-investment-value').textContent()).toBe('₦87,500,000');
    expect(await dialog.getByTestId('lead-savings-value').textContent()).toBe('₦100,000,000');
    expect(await dialog.getByTestId('lead-notes').textContent()).toBe(ADA.notes);
    expect(await dialog.getByTestId('lead-action-email').getAttribute('href')).toMatch(/^mailto:ada\.obi@example\.ng\?subject=/);
    expect(await dialog.getByTestId('lead-action-call').getAttribute('href')).toBe('tel:+2348012345678');
    expect(await dialog.getByTestId('lead-action-whatsapp').getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/2348012345678\?text=/,
    );
    expect(await dialog.textContent()).toContain('+234 801 234 5678');
    await settle(admin.page);
    await saveScreenshot(admin.page, 'admin-lead-detail-desktop', { fullPage: false });
    await admin.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('refreshes, searches on the server and exports the CSV', async () => {
    await post('/api/leads', BOLA);
    await admin.page.getByTestId('admin-refresh').click();
    await waitForText(counter(admin.page, 'totalLeads'), /^2$/);
    await waitForText(visibleRows(admin.page), BOLA.fullName);
    expect(await visibleRows(admin.page).first().textContent()).toContain(BOLA.fullName); // newest first

    await admin.page.getByTestId('leads-search').fill('obi estates');
    await waitForExpression(admin.page, `document.querySelectorAll('tr[data-testid="lead-row"]').length === 1`);
    expect(await visibleRows(admin.page).first().textContent()).toContain(ADA.fullName);
    await admin.page.getByTestId('leads-search').fill('nobody-matches-this');
    await waitForText(admin.page.getByTestId('leads-empty'), 'No matching leads');
    await admin.page.getByTestId('leads-search').fill('');
    await waitForExpression(admin.page, `document.querySelectorAll('tr[data-testid="lead-row"]').length === 2`);

    const [download] = await Promise.all([admin.page.waitForEvent('download'), admin.page.getByTestId('admin-export').click()]);
    expect(download.suggestedFilename()).toBe(`leads-${lagosDayIso()}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('Full Name');
    expect(rows).toHaveLength(2);
    expect(csv).toContain(ADA.email);
    await waitForText(admin.page.getByTestId('toast'), 'Export successful');
    await saveScreenshot(admin.page, 'admin-dashboard-desktop');
  });

  it('shows applications and the empty payments tab, and forgets the admin on reload', async () => {
    await admin.page.getByTestId('tab-payments').click();
    await waitForText(admin.page.getByTestId('payments-empty'), 'No payment proofs yet');

    await admin.page.getByTestId('tab-applications').click();
    await waitForText(admin.page.getByTestId('applications-empty'), 'No applications yet');
    const { applicationNumber } = await post('/api/subscriptions', validApplication());
    await admin.page.getByTestId('admin-refresh').click();
    await waitForText(admin.page.locator('[data-testid="application-row"]:visible'), 'Adaeze Okafor');
    expect(await admin.page.locator('[data-testid="application-row"]:visible').textContent()).toContain(applicationNumber);
    await waitForText(admin.page.getByTestId('tab-count-applications'), /^1$/);
    await admin.page.locator('[data-testid="application-row"]:visible').first().click();
    await waitForText(admin.page.getByTestId('application-detail'), '₦70,000,000');
    await settle(admin.page);
    await saveScreenshot(admin.page, 'admin-application-detail-desktop', { fullPage: false });
    await admin.page.keyboard.press('Escape');

    await admin.page.reload();
    await admin.page.getByTestId('admin-login').waitFor();
    expect(await admin.page.getByTestId('admin-refresh').count()).toBe(0);
  });
});

/** Where the tabs are and where the first list row is, measured on the page as it stands. */
const measureFirstScreen = (page: Page) =>
  page.evaluate(() => {
    const tabs = [...document.querySelectorAll('[role="tab"]')].map((tab) => Math.round(tab.getBoundingClientRect().top));
    const row = [...document.querySelectorAll('[data-testid="lead-row"]')].find(
      (each) => each.getBoundingClientRect().height > 0,
    );
    return { tabTops: [...new Set(tabs)], rowBottom: row ? row.getBoundingClientRect().bottom : null };
  });

describe("the admin's first screen at 1280 px", () => {
  const admin = useSharedPage(() => openAdmin(VIEWPORTS.desktop));

  it('opens on the work: one row of tabs at the top and the list under it, charts on a tab of their own', async () => {
    const { page } = admin;
    await app.signInAdmin(page);
    await waitForText(visibleRows(page), ADA.fullName);
    const { tabTops, rowBottom } = await measureFirstScreen(page);
    expect(tabTops, 'every tab on one line').toHaveLength(1);
    expect(tabTops[0]).toBeLessThan(260);
    expect(rowBottom).not.toBeNull();
    expect(rowBottom!).toBeLessThanOrEqual(VIEWPORTS.desktop.height);
    expect(await page.locator('[data-testid="admin-charts"]:visible').count()).toBe(0);
    // The leads' export sits on the leads list, not above every tab.
    expect(await page.getByRole('tabpanel').getByTestId('admin-export').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'admin first screen @1280');
    await expectNoOverflow(page, 'admin first screen @1280');
    await saveScreenshot(page, 'admin-first-screen-desktop', { fullPage: false });

    await page.getByTestId('tab-overview').click();
    await page.locator('[data-testid="admin-charts"]:visible').waitFor();
    await expectNoOverflow(page, 'admin overview tab @1280');
  });

  it('counts a waiting application in Pending Approvals, as the Pending list shows it', async () => {
    const { page } = admin;
    await page.getByTestId('tab-applications').click();
    await page.getByTestId('admin-refresh').click();
    await waitForText(counter(page, 'pendingApprovals'), /^1$/);
    expect(await page.getByTestId('counter-pendingApprovals').textContent()).toContain('1 application');
    await page.getByTestId('applications-filter-pending').click();
    await waitForExpression(page, `document.querySelectorAll('[data-testid="application-row"]').length > 0`);
    expect(await page.locator('[data-testid="application-row"]:visible').count()).toBe(1);
  });
});

describe('the admin area at 390 px', () => {
  it('turns the tables into cards and keeps the dialog on screen', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.phone);
    try {
      await saveScreenshot(page, 'admin-login-phone');
      await app.signInAdmin(page);
      await waitForText(counter(page, 'totalLeads'), /^[1-9]\d*$/);
      await waitForText(visibleRows(page), ADA.fullName);
      // The lists' tables, not a chart's own table (kept for screen readers once its chunk loads).
      expect(await page.locator('table:not(figure table):visible').count()).toBe(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await expectNoOverflow(page, 'admin dashboard @390');
      await expectNoSeriousA11yViolations(page, 'admin dashboard @390');
      await saveScreenshot(page, 'admin-dashboard-phone');

      await visibleRows(page).filter({ hasText: ADA.fullName }).first().click();
      const dialog = page.getByTestId('lead-detail');
      await waitForText(dialog, '₦87,500,000');
      await settle(page);
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, 'admin-lead-detail-phone', { fullPage: false });

      await page.keyboard.press('Escape');
      await page.getByTestId('admin-sign-out').click();
      await page.getByTestId('admin-login').waitFor();
    } finally {
      await context.close();
    }
  });
});

// Last in the file: every page the tests above opened ran under the CSP without a violation.
it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
