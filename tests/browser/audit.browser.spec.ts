// Every page and every dialog, at a phone's and a laptop's width: no serious or critical
// axe-core violation, and nothing wider than its box or the screen, with the longest values
// people really type (a 60-character email, ₦700,000,000, a 40-character company name).

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Investor } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { APPLICANT, fillInvestment, fillNextOfKin, fillPersonal, nextButton } from './fixtures/application-wizard';
import { auditAtWidths as audit } from './fixtures/audit';
import { FULL_ACRES, LONG_COMPANY, LONG_EMAIL, seedLongValues } from './fixtures/long-values';
import { VIEWPORTS } from './harness';

const app = useBrowserApp();

// An animation cancelled on the way (a re-render) has ended too: its finished promise rejects.
const settle = (locator: Locator) =>
  locator.evaluate((el) => Promise.allSettled(el.getAnimations({ subtree: true }).map((a) => a.finished)));

async function openDialog(page: Page, open: Locator, dialog: Locator): Promise<Locator> {
  await open.click();
  await dialog.waitFor();
  await settle(dialog);
  return dialog;
}

/** Escape closes the newest layer first: an open toast, then the dialog. */
async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  for (let tries = 0; tries < 3 && (await dialog.count()) > 0; tries += 1) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
  }
  await dialog.waitFor({ state: 'detached' });
}

let investor: Investor;

beforeAll(async () => {
  investor = await seedLongValues(app.server.baseUrl, app.adminAuthorization());
});

/** A page signed in as the investor of beforeAll. */
async function investorPage(): Promise<Page> {
  const page = await app.newPage(VIEWPORTS.desktop);
  const [name, value] = investor.cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: app.server.baseUrl }]);
  return page;
}

describe('every public page and dialog', () => {
  it('the landing page, the Reserve dialog and its success dialog', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    await page.goto(app.url('/'));
    await page.getByTestId('hero').waitFor();
    const problems = await audit(page, 'landing');

    await openDialog(page, page.getByTestId('nav-reserve'), page.getByTestId('lead-dialog'));
    const byLabel = (text: string) => page.getByLabel(new RegExp(`^${text.replace(/[()]/g, '\\$&')}\\*?$`));
    await byLabel('Full name').fill('Oluwaseun Adebayo-Williams');
    await byLabel('Company (optional)').fill(LONG_COMPANY);
    await byLabel('Email').fill(LONG_EMAIL);
    await byLabel('Phone (WhatsApp)').pressSequentially('08031234567');
    await byLabel('I am a').click();
    await page.getByRole('option', { name: 'Investor', exact: true }).click();
    await byLabel('Intended acres').fill(String(FULL_ACRES));
    await byLabel('Commitment timeline').click();
    await page.getByRole('option', { name: 'Immediately', exact: true }).click();
    await page.getByRole('checkbox').check();
    problems.push(...(await audit(page, 'reserve-dialog')));
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByTestId('lead-submit').click();
    const success = page.getByRole('dialog', { name: 'Slot Reserved Successfully' });
    await success.waitFor();
    await settle(success);
    problems.push(...(await audit(page, 'reserve-success-dialog')));
    await closeDialog(page, success);
    expect(problems).toEqual([]);
  }, 240_000);

  it('the five application steps, with a 60-character email', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    await page.goto(app.url('/'));
    await page.getByTestId('hero').waitFor();
    const problems: string[] = [];
    const wizard = await openDialog(
      page,
      page.getByTestId('hero-apply'),
      page.getByRole('dialog', { name: 'Full Subscription Application' }),
    );
    problems.push(...(await audit(page, 'application-1')));
    const applicant = {
      ...APPLICANT,
      surname: 'Adebayo-Williams',
      firstName: 'Oluwaseun',
      email: LONG_EMAIL,
      kinEmail: LONG_EMAIL,
      acres: FULL_ACRES,
    };
    await fillPersonal(page, wizard, applicant);
    await nextButton(page).click();
    problems.push(...(await audit(page, 'application-2')));
    await fillNextOfKin(wizard, applicant);
    await nextButton(page).click();
    await fillInvestment(page, wizard, applicant);
    problems.push(...(await audit(page, 'application-3')));
    await nextButton(page).click();
    await wizard.getByRole('checkbox').click();
    problems.push(...(await audit(page, 'application-4')));
    await page.getByTestId('application-next').click();
    await wizard.getByLabel('Realtor email').fill(LONG_EMAIL);
    problems.push(...(await audit(page, 'application-5')));
    expect(problems).toEqual([]);
  }, 240_000);

  it('privacy, 404 and sign-in', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    const problems: string[] = [];
    for (const [path, screen] of [
      ['/privacy', 'privacy'],
      ['/application-status', 'application-status'],
      ['/no-such-page', 'not-found'],
      ['/signin?returnTo=/dashboard', 'signin'],
      ['/signin?returnTo=/affiliate/onboarding', 'signin-affiliate'],
    ] as const) {
      await page.goto(app.url(path));
      await page.locator('main, h1').first().waitFor();
      problems.push(...(await audit(page, screen)));
    }
    await page.getByTestId('tab-signup').click();
    problems.push(...(await audit(page, 'signup')));
    // The status page with its field errors and the not-found answer.
    await page.goto(app.url('/application-status'));
    await page.getByTestId('status-submit').click();
    await page.locator('[data-field="email"] [role="alert"]').waitFor();
    problems.push(...(await audit(page, 'application-status-errors')));
    await page.getByLabel('Application number').fill('ACR-2026-NOTREAL1');
    await page.getByLabel('Email address').fill('nobody@example.ng');
    await page.getByTestId('status-submit').click();
    await page.getByTestId('status-error').waitFor();
    problems.push(...(await audit(page, 'application-status-not-found')));
    expect(problems).toEqual([]);
  });
});

describe('the signed-in areas', () => {
  it('the investor dashboard with a ₦700,000,000 payment', async () => {
    const page = await investorPage();
    await page.goto(app.url('/dashboard'));
    await page.getByTestId('payment-item').waitFor();
    await page.getByTestId('timeline-toggle').click();
    expect(await audit(page, 'dashboard')).toEqual([]);
  });

  it('the affiliate pages, the dashboard with a verified sale and its Report dialog', async () => {
    const problems: string[] = [];
    const visitor = await app.newPage(VIEWPORTS.desktop);
    await visitor.goto(app.url('/affiliate'));
    await visitor.getByTestId('affiliate-hero').waitFor();
    problems.push(...(await audit(visitor, 'affiliate-landing')));

    const newcomer = await app.newPage(VIEWPORTS.desktop);
    await app.signUpInPage(newcomer, {
      firstName: 'Kemi',
      lastName: 'Ade',
      email: 'kemi.ade@example.ng',
      password: 'acres land 2025',
    });
    await newcomer.goto(app.url('/affiliate/onboarding'));
    await newcomer.getByTestId('affiliate-registration-form').waitFor();
    problems.push(...(await audit(newcomer, 'affiliate-onboarding')));

    const page = await investorPage();
    await page.goto(app.url('/affiliate/dashboard'));
    await expect.poll(() => page.getByText('Verified', { exact: true }).count()).toBeGreaterThan(0);
    problems.push(...(await audit(page, 'affiliate-dashboard')));
    // The sales table may scroll on a tablet, but at 1280 px it fits its card (no 'COMMISSIO').
    await page.setViewportSize(VIEWPORTS.desktop);
    for (const id of ['sales-table', 'statement-table']) {
      const fit = await page.getByTestId(id).evaluate((el) => ({ table: el.scrollWidth, box: el.parentElement!.clientWidth }));
      expect(fit.table, `${id} width at 1280 px`).toBeLessThanOrEqual(fit.box);
    }
    const report = await openDialog(page, page.getByTestId('report-sale-open'), page.getByTestId('report-sale-dialog'));
    problems.push(...(await audit(page, 'report-sale-dialog')));
    await closeDialog(page, report);
    await page.goto(app.url('/affiliate/resources'));
    await page.locator('h1').first().waitFor();
    problems.push(...(await audit(page, 'affiliate-resources')));
    expect(problems).toEqual([]);
  }, 240_000);

  it('the admin tabs and their review dialogs', async () => {
    const problems: string[] = [];
    const { context, page } = await app.openPage(VIEWPORTS.desktop);
    try {
      await page.goto(app.url('/admin'));
      await page.getByTestId('admin-login').waitFor();
      problems.push(...(await audit(page, 'admin-login')));
      await app.signInAdmin(page);
      await page.getByTestId('admin-refresh').waitFor();
      const tabs = [
        ['leads', 'lead-row', 'lead-detail'],
        ['applications', 'application-row', 'application-detail'],
        ['payments', 'payment-row', 'payment-review'],
        ['affiliates', 'affiliate-row', 'affiliate-detail'],
        ['affiliates', 'affiliate-sale-row', 'sale-review'],
        ['operations', '', ''],
        ['audit', 'audit-row', 'audit-entry-dialog'],
        ['outbox', '', ''],
      ] as const;
      for (const [tab, row, dialogId] of tabs) {
        await page.setViewportSize(VIEWPORTS.desktop);
        await page.getByTestId(`tab-${tab}`).click();
        if (!row) {
          await page.waitForTimeout(500);
          problems.push(...(await audit(page, `admin-${tab}`)));
          continue;
        }
        const first = page.locator(`[data-testid="${row}"]:visible`).first();
        await first.waitFor();
        if (row !== 'affiliate-sale-row') problems.push(...(await audit(page, `admin-${tab}`)));
        const dialog = await openDialog(page, first, page.getByTestId(dialogId));
        problems.push(...(await audit(page, `admin-${dialogId}`)));
        await closeDialog(page, dialog);
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);
});

it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
