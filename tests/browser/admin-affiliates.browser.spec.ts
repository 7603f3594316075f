import type { AdminAffiliateSalesResponse, AdminAffiliatesResponse } from '@acres/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type Investor } from './fixtures/api';
import { useBrowserApp, useSharedPage, type Viewport } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';
import { openReviewOf, readText, settleAnimations, waitForToast } from './page-text';
import { answerConfirmation } from './fixtures/confirm';

const app = useBrowserApp();

/** A same-origin JSON write, as the SPA sends it (the session's CSRF check wants the Origin). */
const send = (method: 'POST' | 'PUT', path: string, body: unknown, headers: Record<string, string>) =>
  fetch(new URL(path, app.server.baseUrl), {
    method,
    headers: { origin: app.server.baseUrl, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const adminGet = app.adminGet;

const registerAffiliate = async (user: Investor) => {
  const response = await send(
    'POST',
    '/api/affiliate/register',
    {
      full_name: `${user.firstName} ${user.lastName}`,
      phone_number: '08031234567',
      bank_name: 'Zenith Bank',
      account_number: '0123456789',
      account_name: `${user.firstName} ${user.lastName}`,
      marketing_experience: 'intermediate',
      marketing_channels: 'WhatsApp groups and Instagram',
      agree_terms: true,
    },
    { cookie: user.cookie },
  );
  await expectStatus(response, 201);
  return ((await response.json()) as { affiliate: { id: string; referralCode: string } }).affiliate;
};

const today = () => new Date().toISOString().slice(0, 10);

const reportSale = async (
  user: Investor,
  sale: { clientName: string; clientPhone: string; acres: number; amountPaid: number; paymentPlan: string },
) => {
  const response = await send(
    'POST',
    '/api/affiliate/report-sale',
    { ...sale, transactionDate: today() },
    { cookie: user.cookie },
  );
  await expectStatus(response, 201);
  return (await response.json()) as { id: string; position: string };
};

// ---- page helpers ----

// Decisions reach the lists through the projector; on a busy machine that takes a moment.
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

const saleRows = (page: Page) => page.locator('[data-testid="affiliate-sale-row"]:visible');
const saleRowOf = (page: Page, client: string) => saleRows(page).filter({ hasText: client }).first();
const affiliateRows = (page: Page) => page.locator('[data-testid="affiliate-row"]:visible');
const toast = (page: Page) => page.getByTestId('toast');
const clients = (page: Page) => saleRows(page).evaluateAll((els) => els.map((el) => el.textContent ?? ''));

/** A settled page; a full-page shot starts at the top (a scrolled page draws the sticky header mid-way) with no toast over the lists. */
const shoot = async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
  if (options.fullPage !== false) {
    const close = toast(page).getByRole('button');
    if (await close.count()) await close.first().click();
    await toast(page).waitFor({ state: 'detached' });
    await page.evaluate('window.scrollTo(0, 0)');
  }
  await settleAnimations(page, 5000);
  await saveScreenshot(page, name, options);
};

const openAdmin = (viewport: Viewport) => app.openAdmin(viewport, 'affiliates');

const openReview = (page: Page, client: string) => openReviewOf(page, saleRowOf(page, client), 'sale-review', client);

const closeReview = async (dialog: Locator) => {
  await dialog.getByTestId('sale-review-cancel').click();
  await dialog.waitFor({ state: 'detached' });
};

// ---- the scenario ----

let tunde: Investor;
let code: string;
const sales: Record<'ngozi' | 'emeka' | 'amaka', { id: string; position: string }> = {} as never;

beforeAll(async () => {
  tunde = await app.signUpInvestor('Tunde', 'Bakare');
  ({ referralCode: code } = await registerAffiliate(tunde));
  // Oldest first, so the list (newest first) reads Emeka, then Ngozi.
  sales.ngozi = await reportSale(tunde, {
    clientName: 'Ngozi Eze',
    clientPhone: '0809 123 4567',
    acres: 1.5,
    amountPaid: 500_000,
    paymentPlan: 'installment',
  });
  sales.emeka = await reportSale(tunde, {
    clientName: 'Emeka Obi',
    clientPhone: '08055512345',
    acres: 0.5,
    amountPaid: 175_000,
    paymentPlan: 'outright',
  });
  // The admin's reads have caught up with both reports before the browser looks.
  const list = await adminGet<AdminAffiliateSalesResponse>('/api/admin/affiliate-sales?status=pending', sales.emeka.position);
  expect(list.total).toBe(2);
});

describe('the Affiliates tab at 1280 px', () => {
  const admin = useSharedPage(() => openAdmin(VIEWPORTS.desktop));

  it('lists the affiliate with their code, rate and figures, and the pending sales first', async () => {
    await eventually(() => affiliateRows(admin.page).count()).toBe(1);
    const row = await readText(affiliateRows(admin.page));
    for (const shown of [
      'Tunde Bakare',
      tunde.email,
      '+234 803 123 4567',
      code,
      '5%',
      '0 verified · 2 pending',
      '₦0',
      'active',
    ]) {
      expect(row).toContain(shown);
    }
    expect(await readText(admin.page.getByTestId('tab-count-affiliates'))).toBe('1');

    expect(await admin.page.getByTestId('sales-filter-pending').getAttribute('aria-pressed')).toBe('true');
    await eventually(() => saleRows(admin.page).count()).toBe(2);
    const [first, second] = await clients(admin.page);
    expect(first).toContain('Emeka Obi');
    expect(second).toContain('Ngozi Eze');
    const ngozi = await readText(saleRowOf(admin.page, 'Ngozi Eze'));
    for (const shown of ['+234 809 123 4567', '1.5', '₦500,000', 'Installment', 'Tunde Bakare', code, 'pending'])
      expect(ngozi).toContain(shown);
    expect(await readText(admin.page.getByTestId('sales-pending-count'))).toBe('2');
    await shoot(admin.page, 'admin-affiliates-desktop');
  });

  it('shows the bank details in the affiliate dialog', async () => {
    await affiliateRows(admin.page).first().click();
    const detail = admin.page.getByTestId('affiliate-detail');
    await detail.waitFor();
    expect(await readText(detail.getByTestId('affiliate-bank'))).toContain('Zenith Bank');
    expect(await readText(detail.getByTestId('affiliate-account-number'))).toContain('0123456789');
    expect(await readText(detail.getByTestId('affiliate-account-name'))).toContain('Tunde Bakare');
    expect(await readText(detail.getByTestId('affiliate-detail-pending'))).toContain('2');
    await shoot(admin.page, 'admin-affiliate-detail-desktop', { fullPage: false });
    await admin.page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
  });

  it('verifies a sale with notes: 5% commission, fixed and shown', async () => {
    const dialog = await openReview(admin.page, 'Ngozi Eze');
    expect(await readText(dialog.getByTestId('sale-amount'))).toContain('₦500,000');
    expect(await readText(dialog.getByTestId('sale-acres'))).toContain('1.5 acres');
    expect(await readText(dialog.getByTestId('sale-commission-preview'))).toContain(
      "Verifying makes this Tunde Bakare's 1st verified sale: 5% commission, ₦25,000.",
    );
    // The affiliate, the client, the amount; no internal id (issue 29).
    expect(await readText(dialog)).not.toMatch(/Sale ID|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await shoot(admin.page, 'admin-sale-review-desktop', { fullPage: false });

    expect(await readText(dialog.getByTestId('sale-review-notes-audience'))).toBe('Visible to the affiliate');
    await dialog.getByTestId('sale-review-notes').fill('Receipt matches the escrow statement.');
    await dialog.getByTestId('sale-review-verify').click();
    const asked = await answerConfirmation(admin.page, 'sale-review-confirm');
    for (const shown of ['Verify this sale?', 'Tunde Bakare', 'cannot be undone']) expect(asked).toContain(shown);
    const shown = await waitForToast(admin.page, 'Sale verified');
    expect(shown).toContain('Commission of ₦25,000 at 5% for Tunde Bakare');
    await dialog.waitFor({ state: 'detached' });

    // It leaves the Pending list; the affiliate's figures follow.
    await eventually(async () => (await clients(admin.page)).join('|')).toMatch(/^[^|]*Emeka Obi[^|]*$/);
    await eventually(() => readText(affiliateRows(admin.page))).toContain('1 verified · 1 pending');
    expect(await readText(affiliateRows(admin.page).getByTestId('affiliate-commissions'))).toBe('₦25,000');
    expect(await readText(admin.page.getByTestId('sales-pending-count'))).toBe('1');
  });

  it('rejects the other sale with notes', async () => {
    const dialog = await openReview(admin.page, 'Emeka Obi');
    expect(await readText(dialog.getByTestId('sale-commission-preview'))).toContain(
      "Tunde Bakare's 2nd verified sale: 5% commission, ₦8,750.",
    );
    await dialog.getByTestId('sale-review-notes').fill('The client says the payment was refunded.');
    await dialog.getByTestId('sale-review-reject').click();
    await answerConfirmation(admin.page, 'sale-review-confirm');
    await waitForToast(admin.page, 'Sale rejected');
    await dialog.waitFor({ state: 'detached' });
    await admin.page.getByTestId('sales-empty').waitFor();
    expect(await readText(admin.page.getByTestId('sales-empty'))).toContain('Nothing to verify');
    await eventually(() => readText(affiliateRows(admin.page))).toContain('1 verified · 0 pending · 1 rejected');
    expect(await admin.page.getByTestId('sales-pending-count').count()).toBe(0);
  });

  it('filters by status, and shows the commission only on the verified sale', async () => {
    await admin.page.getByTestId('sales-filter-verified').click();
    await eventually(async () => (await clients(admin.page)).join('|')).toMatch(/^[^|]*Ngozi Eze[^|]*$/);
    expect(await readText(saleRowOf(admin.page, 'Ngozi Eze').getByTestId('sale-commission'))).toBe('₦25,000at 5%');
    await admin.page.getByTestId('sales-filter-rejected').click();
    await eventually(async () => (await clients(admin.page)).join('|')).toMatch(/^[^|]*Emeka Obi[^|]*$/);
    expect(await saleRowOf(admin.page, 'Emeka Obi').getByTestId('sale-commission').count()).toBe(0);
    await admin.page.getByTestId('sales-filter-all').click();
    await eventually(() => saleRows(admin.page).count()).toBe(2);
    await shoot(admin.page, 'admin-affiliates-all-desktop');
  });

  it('shows a decided sale with its decision and no way to decide again', async () => {
    const dialog = await openReview(admin.page, 'Ngozi Eze');
    const decision = await readText(dialog.getByTestId('sale-review-decision'));
    expect(decision).toContain('Verified by admin');
    expect(decision).toContain('Commission ₦25,000 at 5%');
    expect(decision).toContain('Receipt matches the escrow statement.');
    expect(await dialog.getByTestId('sale-review-verify').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('sale-review-reject').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('sale-review-notes').count()).toBe(0);
    expect(await readText(dialog.getByTestId('sale-review-cancel'))).toBe('Close');
    await shoot(admin.page, 'admin-sale-decided-desktop', { fullPage: false });
    await closeReview(dialog);

    const rejected = await openReview(admin.page, 'Emeka Obi');
    expect(await readText(rejected.getByTestId('sale-review-decision'))).toContain('Rejected by admin');
    expect(await readText(rejected.getByTestId('sale-review-decision'))).toContain('The client says the payment was refunded.');
    expect(await rejected.getByTestId('sale-review-verify').isDisabled()).toBe(true);
    await closeReview(rejected);

    // The server agrees: a second decision is refused.
    const again = await send(
      'PUT',
      `/api/admin/affiliate-sales/${sales.ngozi.id}/status`,
      { status: 'rejected', notes: '' },
      { authorization: app.adminAuthorization() },
    );
    expect(again.status).toBe(409);
  });

  it('shows a decision made elsewhere instead of letting the admin decide twice', async () => {
    sales.amaka = await reportSale(tunde, {
      clientName: 'Amaka Nwosu',
      clientPhone: '07012345678',
      acres: 2,
      amountPaid: 1_000_000,
      paymentPlan: 'outright',
    });
    await adminGet('/api/admin/affiliate-sales?status=pending', sales.amaka.position);
    await admin.page.getByTestId('sales-filter-pending').click();
    await admin.page.getByTestId('admin-refresh').click();
    await eventually(() => saleRows(admin.page).count()).toBe(1);
    const dialog = await openReview(admin.page, 'Amaka Nwosu');
    // Another admin rejects it while this dialog is open.
    const elsewhere = await send(
      'PUT',
      `/api/admin/affiliate-sales/${sales.amaka.id}/status`,
      { status: 'rejected', notes: 'Duplicate report' },
      { authorization: app.adminAuthorization() },
    );
    await expectStatus(elsewhere, 200);
    await dialog.getByTestId('sale-review-notes').fill('Looks fine');
    await dialog.getByTestId('sale-review-verify').click();
    await answerConfirmation(admin.page, 'sale-review-confirm');
    const shown = await waitForToast(admin.page, 'Update failed');
    expect(shown).toContain('already been rejected');
    await eventually(() => readText(dialog.getByTestId('sale-review-decision'))).toContain('Rejected elsewhere');
    expect(await readText(dialog.getByTestId('sale-review-error'))).toContain('This sale has already been rejected');
    expect(await dialog.getByTestId('sale-review-verify').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('sale-review-reject').isDisabled()).toBe(true);
    await shoot(admin.page, 'admin-sale-decided-elsewhere-desktop', { fullPage: false });
    await closeReview(dialog);
    await admin.page.getByTestId('sales-empty').waitFor();

    const affiliates = await adminGet<AdminAffiliatesResponse>('/api/admin/affiliates');
    expect(affiliates.affiliates[0]).toMatchObject({
      verifiedSales: 1,
      pendingSales: 0,
      rejectedSales: 2,
      totalCommissions: 25_000,
    });
  });
});

describe('the Affiliates tab at 390 px', () => {
  it('shows cards, and a review dialog that fits the screen', async () => {
    const fresh = await reportSale(tunde, {
      clientName: 'Chioma Okafor',
      clientPhone: '08123456789',
      acres: 3.5,
      amountPaid: 2_450_000,
      paymentPlan: 'installment',
    });
    await adminGet('/api/admin/affiliate-sales?status=pending', fresh.position);
    const { context, page } = await openAdmin(VIEWPORTS.phone);
    try {
      await eventually(() => saleRows(page).count()).toBe(1);
      await eventually(() => affiliateRows(page).count()).toBe(1);
      await shoot(page, 'admin-affiliates-phone');
      // The lists show cards, no table. Scoped to the tab's panel: the overview charts above keep
      // their tables for screen readers, visually hidden (sr-only), which :visible still counts.
      expect(await page.getByRole('tabpanel').locator('table:visible').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      const card = await readText(saleRowOf(page, 'Chioma Okafor'));
      for (const shown of ['+234 812 345 6789', '3.5 acres', '₦2,450,000', 'Installment', 'Tunde Bakare', code])
        expect(card).toContain(shown);

      const dialog = await openReview(page, 'Chioma Okafor');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sale-review');
      await settleAnimations(page, 5000);
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      for (const id of ['sale-review-cancel', 'sale-review-reject', 'sale-review-verify']) {
        const button = await dialog.getByTestId(id).boundingBox();
        expect(button!.y + button!.height, id).toBeLessThanOrEqual(VIEWPORTS.phone.height);
        expect(button!.x + button!.width, id).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      }
      await saveScreenshot(page, 'admin-sale-review-phone', { fullPage: false });
      await dialog.getByTestId('sale-review-notes').fill('Checked on the phone.');
      await dialog.getByTestId('sale-review-verify').click();
      await answerConfirmation(page, 'sale-review-confirm');
      // The 2nd verified sale of this affiliate: still 5%.
      expect(await waitForToast(page, 'Sale verified')).toContain('Commission of ₦122,500 at 5%');
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('sales-filter-verified').click();
      await eventually(() => saleRows(page).count()).toBe(2);
      await shoot(page, 'admin-affiliates-verified-phone');

      await affiliateRows(page).first().click();
      const detail = page.getByTestId('affiliate-detail');
      await detail.waitFor();
      await settleAnimations(page, 5000);
      const detailBox = await detail.boundingBox();
      expect(detailBox!.x + detailBox!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, 'admin-affiliate-detail-phone', { fullPage: false });
    } finally {
      await context.close();
    }
  });
});

// Last in the file: every page the tests above opened ran under the CSP without a violation.
it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
