import type { AdminPaymentsResponse, Allocation } from '@acres/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from './fixtures/api';
import { expectStatus, type Investor, makePng } from './fixtures/api';
import { useBrowserApp, useSharedPage, type Viewport } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';
import { APPLICANT, type Applicant, fillToSummary } from './fixtures/application-wizard';
import { clickAndAwaitPost } from './fixtures/posted';
import { openReviewOf, readText, settleAnimations, waitForToast } from './page-text';
import { answerConfirmation } from './fixtures/confirm';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';

const app = useBrowserApp();
const submitPayment = (investor: Investor, acres: number, png: Buffer) =>
  fixtures.submitPayment(app.server.baseUrl, investor, acres, png);

const adminGet = app.adminGet;

// ---- page helpers ----

// Decisions reach the lists through the projector; on a busy machine that takes a moment.
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

const counter = (page: Page, key: string) => page.getByTestId(`counter-${key}`).getByTestId('counter-value');
const rows = (page: Page) => page.locator('[data-testid="payment-row"]:visible');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name }).first();

const openAdmin = (viewport: Viewport) => app.openAdmin(viewport, 'payments');

const openReview = (page: Page, name: string) => openReviewOf(page, rowOf(page, name), 'payment-review', name);

const proofWidth = (dialog: Locator) =>
  dialog
    .getByTestId('payment-proof-image')
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))
    .catch(() => 0);

// ---- the scenario ----

let ada: Investor;
let bola: Investor;
let chidi: Investor;
const payments: Record<'ada' | 'bola' | 'chidi', { id: string; position: string }> = {} as never;

beforeAll(async () => {
  // Proofs are refused until the escrow account is set (issue 12).
  await fixtures.setBusinessSettings(app.server.baseUrl, app.adminAuthorization());
  ada = await app.signUpInvestor('Ada', 'Obi');
  bola = await app.signUpInvestor('Bola', 'Ade');
  chidi = await app.signUpInvestor('Chidi', 'Eze');
  // Oldest first, so the list (newest first) reads Chidi, Bola, Ada.
  payments.ada = await submitPayment(ada, 25, makePng(640, 420, [19, 78, 56], [227, 177, 55]));
  payments.bola = await submitPayment(bola, 30, makePng(300, 500, [30, 64, 175], [240, 240, 240]));
  payments.chidi = await submitPayment(chidi, 180, makePng(480, 360, [127, 29, 29], [250, 204, 21]));
  // The admin's reads have caught up with all three before the browser looks.
  const list = await adminGet<AdminPaymentsResponse>('/api/admin/payments', payments.chidi.position);
  expect(list.total).toBe(3);
});

describe('the Payments tab at 1280 px', () => {
  const admin = useSharedPage(() => openAdmin(VIEWPORTS.desktop));

  it('lists every proof, newest first, with the submitter, the money and the allocation', async () => {
    await eventually(() => rows(admin.page).count()).toBe(3);
    const names = await rows(admin.page).evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    expect(names[0]).toContain('Chidi Eze');
    expect(names[2]).toContain('Ada Obi');
    const adaRow = await readText(rowOf(admin.page, 'Ada Obi'));
    for (const shown of [ada.email, '25', '₦87.5M', '₦87,500,000', 'pending']) expect(adaRow).toContain(shown);

    expect(await readText(counter(admin.page, 'totalPayments'))).toBe('3');
    expect(await readText(counter(admin.page, 'pendingApprovals'))).toBe('3');
    expect(await readText(counter(admin.page, 'approvedPayments'))).toBe('0');
    expect(await readText(admin.page.getByTestId('allocation-acres-used'))).toBe('0 of 200 acres');
    expect(await readText(admin.page.getByTestId('allocation-acres-remaining'))).toBe('200 acres remaining');
    expect(await readText(admin.page.getByTestId('allocation-partners-used'))).toBe('0 of 10 slots');
    await saveScreenshot(admin.page, 'admin-payments-desktop');
  });

  it('approves with notes: the toast, the badge, the counters and the gauge follow', async () => {
    const dialog = await openReview(admin.page, 'Ada Obi');
    await eventually(() => proofWidth(dialog)).toBe(640);
    await eventually(() => readText(dialog.getByTestId('payment-timeline'))).toContain('Proof submitted by Ada Obi');
    expect(await readText(dialog.getByTestId('payment-submitter'))).toContain(ada.email);
    expect(await readText(dialog.getByTestId('payment-amount'))).toContain('₦87,500,000');
    // The person, the amount and the time; no internal id (issue 29).
    expect(await readText(dialog)).not.toMatch(/Payment ID|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await settleAnimations(admin.page);
    await saveScreenshot(admin.page, 'admin-payment-review-desktop', { fullPage: false });

    // The proof opens at full size, and closing it leaves the review open.
    await dialog.getByRole('button', { name: 'Open payment proof at full size' }).click();
    const full = admin.page.getByTestId('payment-proof-image-full');
    await full.waitFor();
    await eventually(() => full.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await settleAnimations(admin.page);
    await saveScreenshot(admin.page, 'admin-payment-proof-full-desktop', { fullPage: false });
    await admin.page.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);

    const approve = await dialog.getByTestId('payment-review-approve').boundingBox();
    expect(approve!.y + approve!.height).toBeLessThanOrEqual(VIEWPORTS.desktop.height);
    // The notes say who reads them: the investor does, word for word.
    expect(await readText(dialog.getByTestId('payment-admin-notes-audience'))).toBe('Visible to the investor');
    await dialog.getByTestId('payment-admin-notes').fill('Transfer matches the escrow statement.');
    // No decision in one click: the confirmation names the investor, the amount and the outcome,
    // and going back sends nothing.
    await dialog.getByTestId('payment-review-approve').click();
    const asked = await answerConfirmation(admin.page, 'payment-review-confirm', 'cancel');
    for (const shown of ['Approve this payment?', 'Ada Obi', '₦87,500,000 for 25 acres', 'cannot be undone'])
      expect(asked).toContain(shown);
    expect((await readText(dialog.getByTestId('payment-review-status'))).toLowerCase()).toContain('pending');
    await dialog.getByTestId('payment-review-approve').click();
    await answerConfirmation(admin.page, 'payment-review-confirm');
    const shown = await waitForToast(admin.page, 'Payment updated');
    expect(shown).toContain('Payment status has been updated successfully');
    await dialog.waitFor({ state: 'detached' });

    await eventually(() => readText(rowOf(admin.page, 'Ada Obi').getByText(/^(pending|approved|rejected)$/))).toBe('approved');
    await eventually(() => readText(counter(admin.page, 'approvedPayments'))).toBe('1');
    expect(await readText(counter(admin.page, 'pendingApprovals'))).toBe('2');
    await eventually(() => readText(admin.page.getByTestId('allocation-acres-used'))).toBe('25 of 200 acres');
    expect(await readText(admin.page.getByTestId('allocation-acres-remaining'))).toBe('175 acres remaining');
    expect(await readText(admin.page.getByTestId('allocation-partners-used'))).toBe('1 of 10 slots');
    expect(await readText(admin.page.getByTestId('allocation-partners-remaining'))).toBe('9 slots open');
  });

  it('shows a decided payment with its decision and no way to decide again', async () => {
    const dialog = await openReview(admin.page, 'Ada Obi');
    await eventually(() => readText(dialog.getByTestId('payment-decision'))).toContain('Approved by admin');
    const timeline = await readText(dialog.getByTestId('payment-timeline'));
    expect(timeline).toContain('Approved by admin');
    expect(timeline).toContain('Transfer matches the escrow statement.');
    expect(await dialog.getByTestId('payment-review-approve').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('payment-review-reject').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('payment-admin-notes').count()).toBe(0);
    await settleAnimations(admin.page);
    await saveScreenshot(admin.page, 'admin-payment-decided-desktop', { fullPage: false });
    await dialog.getByTestId('payment-review-cancel').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('refuses an approval past 200 acres and says why', async () => {
    const dialog = await openReview(admin.page, 'Chidi Eze');
    await dialog.getByTestId('payment-review-approve').click();
    await answerConfirmation(admin.page, 'payment-review-confirm');
    const shown = await waitForToast(admin.page, 'Update failed');
    expect(shown).toContain('Failed to update payment status');
    expect(shown).toMatch(/200-acre/);
    await eventually(() => readText(dialog.getByTestId('payment-review-error'))).toMatch(/200-acre/);
    // Nothing changed: still pending, still decidable (for example, rejected).
    expect(await dialog.getByTestId('payment-review-approve').isDisabled()).toBe(false);
    await settleAnimations(admin.page);
    await saveScreenshot(admin.page, 'admin-payment-refused-desktop', { fullPage: false });
    await dialog.getByTestId('payment-review-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await readText(counter(admin.page, 'approvedPayments'))).toBe('1');
    expect(await readText(admin.page.getByTestId('allocation-acres-used'))).toBe('25 of 200 acres');
  });

  it('rejects another payment with notes', async () => {
    const dialog = await openReview(admin.page, 'Bola Ade');
    await eventually(() => proofWidth(dialog)).toBe(300);
    await dialog.getByTestId('payment-admin-notes').fill('The receipt is cut off; please upload the full statement.');
    await dialog.getByTestId('payment-review-reject').click();
    await answerConfirmation(admin.page, 'payment-review-confirm');
    await waitForToast(admin.page, 'Payment updated');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => readText(rowOf(admin.page, 'Bola Ade').getByText(/^(pending|approved|rejected)$/))).toBe('rejected');
    await eventually(() => readText(counter(admin.page, 'pendingApprovals'))).toBe('1');
    expect(await readText(counter(admin.page, 'approvedPayments'))).toBe('1');
    expect(await readText(admin.page.getByTestId('allocation-acres-used'))).toBe('25 of 200 acres');

    const history = await adminGet<{ type: string; actor: string | null; notes: string | null }[]>(
      `/api/admin/payments/${payments.bola.id}/history`,
    );
    expect(history.map((e) => e.type)).toEqual(['submitted', 'rejected']);
    expect(history[1]).toMatchObject({ actor: 'admin', notes: 'The receipt is cut off; please upload the full statement.' });
  });

  it('filters by status', async () => {
    const names = () => rows(admin.page).evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    await admin.page.getByTestId('payments-filter-pending').click();
    await eventually(async () => (await names()).length).toBe(1);
    expect((await names())[0]).toContain('Chidi Eze');
    await admin.page.getByTestId('payments-filter-approved').click();
    await eventually(async () => (await names()).join('|')).toMatch(/^[^|]*Ada Obi[^|]*$/);
    await admin.page.getByTestId('payments-filter-rejected').click();
    await eventually(async () => (await names()).join('|')).toMatch(/^[^|]*Bola Ade[^|]*$/);
    await saveScreenshot(admin.page, 'admin-payments-rejected-filter-desktop');
    await admin.page.getByTestId('payments-filter-all').click();
    await eventually(async () => (await names()).length).toBe(3);
  });

  it('shows a decision made elsewhere instead of letting the admin decide twice', async () => {
    await admin.page.getByTestId('payments-filter-pending').click();
    await eventually(() => rows(admin.page).count()).toBe(1);
    const dialog = await openReview(admin.page, 'Chidi Eze');
    // Another admin rejects it while this dialog is open.
    const elsewhere = await fetch(new URL(`/api/admin/payments/${payments.chidi.id}/status`, app.server.baseUrl), {
      method: 'PUT',
      headers: { authorization: app.adminAuthorization(), 'content-type': 'application/json', origin: app.server.baseUrl },
      body: JSON.stringify({ status: 'rejected', adminNotes: 'Over the project size.' }),
    });
    await expectStatus(elsewhere, 200);
    await dialog.getByTestId('payment-admin-notes').fill('Looks fine');
    await dialog.getByTestId('payment-review-approve').click();
    await answerConfirmation(admin.page, 'payment-review-confirm');
    const shown = await waitForToast(admin.page, 'Update failed');
    expect(shown).toContain('already been rejected');
    await eventually(() => readText(dialog.getByTestId('payment-decision'))).toContain('Rejected by admin');
    expect(await dialog.getByTestId('payment-review-approve').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('payment-review-reject').isDisabled()).toBe(true);
    await dialog.getByTestId('payment-review-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => readText(counter(admin.page, 'pendingApprovals'))).toBe('0');
    await admin.page.getByTestId('payments-empty').waitFor();

    const allocation = await adminGet<Allocation & { asOfPosition: string }>('/api/admin/allocation');
    expect(allocation).toEqual({
      acresApproved: 25,
      acresRemaining: 175,
      partners: 1,
      partnerSlots: 10,
      asOfPosition: expect.stringMatching(/^\d+$/),
    });
  });
});

describe('the Payments tab at 390 px', () => {
  it('shows cards, and a review dialog that fits the screen', async () => {
    // A fresh proof from Bola (after the rejection), so the phone reviews a pending payment.
    const resubmitted = await submitPayment(bola, 10, makePng(1200, 1600, [240, 240, 240], [19, 78, 56]));
    await adminGet<AdminPaymentsResponse>('/api/admin/payments', resubmitted.position);
    const { context, page } = await openAdmin(VIEWPORTS.phone);
    try {
      await eventually(() => rows(page).count()).toBe(4);
      // The lists show cards, no table. Scoped to the tab's panel: the overview charts above keep
      // their tables for screen readers, visually hidden (sr-only), which :visible still counts.
      expect(await page.getByRole('tabpanel').locator('table:visible').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, 'admin-payments-phone');

      const dialog = await openReview(page, 'Bola Ade');
      await eventually(() => proofWidth(dialog)).toBe(1200);
      expect(await dialog.getByTestId('payment-admin-notes').count()).toBe(1);
      // Opening the review must not pop the keyboard up over the proof.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('payment-review');
      await settleAnimations(page);
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      const image = await dialog.getByTestId('payment-proof-image').boundingBox();
      expect(image!.x + image!.width).toBeLessThanOrEqual(box!.x + box!.width);
      // The buttons are pinned under the scrolling body, on screen without scrolling.
      for (const id of ['payment-review-cancel', 'payment-review-reject', 'payment-review-approve']) {
        const button = await dialog.getByTestId(id).boundingBox();
        expect(button!.y + button!.height, id).toBeLessThanOrEqual(VIEWPORTS.phone.height);
        expect(button!.x + button!.width, id).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      }
      await saveScreenshot(page, 'admin-payment-review-phone', { fullPage: false });
      await dialog.getByTestId('payment-review-body').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await saveScreenshot(page, 'admin-payment-review-phone-bottom', { fullPage: false });
      // Erasing sits apart, after the review and its notes, not between the details and the decision.
      const order = await dialog
        .getByTestId('payment-review-body')
        .evaluate((body) =>
          [...body.querySelectorAll('[data-testid="payment-admin-notes"], [data-testid="payment-review-apart"]')].map((el) =>
            el.getAttribute('data-testid'),
          ),
        );
      expect(order).toEqual(['payment-admin-notes', 'payment-review-apart']);
      expect(await dialog.getByTestId('payment-review-apart').getByRole('button', { name: /erase/i }).count()).toBe(1);

      // Rejecting asks first, on the phone too: who, how much, and what it does.
      await dialog.getByTestId('payment-review-reject').click();
      const confirmation = page.getByTestId('payment-review-confirm');
      await confirmation.waitFor();
      await settleAnimations(page);
      await expectNoOverflow(page, 'payment reject confirmation @390');
      await expectNoSeriousA11yViolations(page, 'payment reject confirmation @390');
      const asked = await answerConfirmation(page, 'payment-review-confirm', 'cancel');
      for (const shown of ['Reject this payment?', 'Bola Ade', '₦35,000,000 for 10 acres', 'cannot be undone']) {
        expect(asked).toContain(shown);
      }
      await saveScreenshot(page, 'admin-payment-reject-confirm-phone', { fullPage: false });
    } finally {
      await context.close();
    }
  });
});

// ---- the passport photo in the application wizard ----

const openApplication = async (viewport: Viewport) => {
  const { context, page } = await app.openPage(viewport);
  await page.goto(app.url('/'));
  await page.getByTestId('hero-apply').click();
  const dialog = page.getByRole('dialog', { name: 'Full Subscription Application' });
  await dialog.waitFor();
  await settleAnimations(page);
  return { context, page, dialog };
};

/** Through the real uploader: choose the file, press Upload, wait for the toast; answers the stored path. */
const uploadPassportPhoto = async (page: Page, dialog: Locator, png: Buffer) => {
  // The button is named by the field's label, 'Passport photograph (JPG or PNG, max 5 MB)'.
  await dialog
    .getByTestId('passport-photo-upload')
    .getByRole('button', { name: /^Passport photograph/ })
    .click();
  const uploader = page.getByTestId('image-uploader');
  await uploader.waitFor();
  await uploader
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });
  const upload = uploader.locator('.uppy-StatusBar-actionBtn--upload');
  await upload.waitFor();
  await settleAnimations(page);
  await saveScreenshot(page, `application-passport-uploader-${page.viewportSize()!.width}`, { fullPage: false });
  const stored = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/objects/upload/'));
  await upload.click();
  const response = await stored;
  expect(response.status()).toBe(200);
  const { objectPath } = (await response.json()) as { objectPath: string };
  const shown = await waitForToast(page, 'Photo Uploaded');
  expect(shown).toContain('Your passport photograph has been uploaded successfully.');
  await uploader.waitFor({ state: 'detached' });
  const thumbnail = dialog.getByTestId('passport-photo-upload').locator('img');
  await eventually(() =>
    thumbnail.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)).catch(() => 0),
  ).toBe(360);
  return objectPath;
};

const FUNKE: Applicant = {
  ...APPLICANT,
  surname: 'Adebayo',
  firstName: 'Funke',
  dateOfBirth: '1988-06-21',
  maritalStatus: 'Single',
  email: 'funke.adebayo@example.ng',
  city: 'Abuja',
  address: '12 Aminu Kano Crescent, Wuse II',
  occupation: 'Architect',
  kinName: 'Tayo Adebayo',
  kinRelationship: 'Brother',
  kinEmail: 'tayo@example.ng',
  kinAddress: '12 Aminu Kano Crescent, Wuse II',
  paymentOption: 'Outright payment',
};

describe('the passport photo on step 1', () => {
  it('uploads at 1280 px, is sent with the application, and the admin sees it', async () => {
    const { context, page, dialog } = await openApplication(VIEWPORTS.desktop);
    try {
      const field = dialog.getByTestId('passport-photo-placeholder');
      expect(await readText(field)).toContain('Passport photograph (JPG or PNG, max 5 MB)');
      const objectPath = await uploadPassportPhoto(page, dialog, makePng(360, 450, [226, 232, 240], [21, 97, 68]));
      expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
      await settleAnimations(page);
      await saveScreenshot(page, 'application-passport-uploaded-desktop', { fullPage: false });

      // The rest of the application, then submit.
      const { email } = FUNKE;
      await fillToSummary(page, dialog, FUNKE);
      expect(await dialog.getByTestId('application-summary').innerText()).toMatch(/Passport photo\s+Uploaded/);

      const response = await clickAndAwaitPost(page, 'application-submit', '/api/subscriptions');
      expect(response.status()).toBe(201);
      const { position } = (await response.json()) as { position: string };
      await waitForToast(page, 'Application Submitted!');

      const list = await adminGet<{ subscriptions: { email: string; passportPhotoUrl: string | null }[] }>(
        '/api/admin/subscriptions',
        position,
      );
      expect(list.subscriptions.find((s) => s.email === email)?.passportPhotoUrl).toBe(objectPath);

      // The admin's application view shows the photo, fetched with the Basic header.
      const admin = await openAdmin(VIEWPORTS.desktop);
      try {
        await admin.page.getByTestId('tab-applications').click();
        await admin.page.locator('[data-testid="application-row"]:visible').filter({ hasText: 'Funke Adebayo' }).first().click();
        const detail = admin.page.getByTestId('application-detail');
        await detail.waitFor();
        const photo = detail.getByTestId('application-passport-photo');
        await eventually(() =>
          photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)).catch(() => 0),
        ).toBe(360);
        expect(await photo.getAttribute('src')).toMatch(/^blob:/);
        await settleAnimations(admin.page);
        await saveScreenshot(admin.page, 'admin-application-passport-desktop', { fullPage: false });
      } finally {
        await admin.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('uploads at 390 px and keeps the field optional', async () => {
    const { context, page, dialog } = await openApplication(VIEWPORTS.phone);
    try {
      await uploadPassportPhoto(page, dialog, makePng(360, 450, [254, 243, 199], [120, 53, 15]));
      const field = dialog.getByTestId('passport-photo-upload');
      await field.scrollIntoViewIfNeeded();
      await settleAnimations(page);
      const box = await field.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, 'application-passport-uploaded-phone', { fullPage: false });

      // Removing it leaves the application without a photo, which is allowed.
      await field.getByRole('button', { name: 'Remove' }).click();
      await field.getByText('Upload passport photograph').waitFor();
      expect(await field.locator('img').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

// Last in the file: every page the tests above opened ran under the CSP without a violation.
it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
