import {
  APPLICATION_MESSAGES,
  APPLICATION_STEP_TITLES,
  type AdminSubscriptionsResponse,
  computeSubscriptionValue,
  formatNaira,
} from '@acres/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectStatus, send } from './fixtures/api';
import { useBrowserApp, type Viewport } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import {
  APPLICANT,
  type Applicant,
  chooseInDialog as chooseOption,
  fillInvestment,
  fillNextOfKin,
  fillPersonalExceptOccupation,
  fillToSummary,
  nextButton as next,
} from './fixtures/application-wizard';

const SUCCESS_TITLE = 'Application Submitted!';
// No email transport in the browser suite: the toast promises no email.
const SUCCESS_TEXT = 'Your subscription application has been received. Our team will review it and contact you.';
const DUPLICATE_DETAIL = 'An application with this email already exists';

const app = useBrowserApp();

async function openLanding(viewport: Viewport, search = ''): Promise<Page> {
  const page = await app.newPage(viewport, { clipboard: true });
  await page.goto(`${app.server.baseUrl}/${search}`);
  await page.getByTestId('hero').waitFor();
  return page;
}

async function openApplication(page: Page): Promise<Locator> {
  await page.getByTestId('hero-apply').click();
  const dialog = page.getByRole('dialog', { name: 'Full Subscription Application' });
  await dialog.waitFor();
  // Positions are only final once the opening animation has run.
  await dialog.evaluate((el) => Promise.allSettled(el.getAnimations().map((a) => a.finished)));
  return dialog;
}

const fieldError = (dialog: Locator, field: string) => dialog.locator(`[data-field="${field}"] [role="alert"]`);

async function expectStep(dialog: Locator, step: number): Promise<void> {
  const title = APPLICATION_STEP_TITLES[step - 1]!;
  await expect.poll(() => dialog.getByTestId('application-step-title').innerText()).toContain(title);
  await expect.poll(() => dialog.locator('[aria-current="step"]').textContent()).toContain(title);
}

async function expectNextDisabled(page: Page, disabled: boolean): Promise<void> {
  await expect.poll(() => next(page).isDisabled()).toBe(disabled);
}

/** The dialog's controls must be on screen without scrolling the page (phones included). */
async function expectControlsOnScreen(page: Page, viewport: Viewport): Promise<void> {
  for (const id of ['application-cancel', 'application-previous']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.x, id).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, id).toBeLessThanOrEqual(viewport.width);
    expect(box!.y + box!.height, id).toBeLessThanOrEqual(viewport.height);
  }
  const primary = page.locator('[data-testid="application-next"], [data-testid="application-submit"]');
  const box = await primary.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

/** Steps 1 to 4 filled correctly, ending on step 5. */
const completeToLastStep = (page: Page, dialog: Locator, applicant: Applicant) =>
  fillToSummary(page, dialog, applicant, (step) => expectStep(dialog, step));

/** Clearing the field at `label` disables Next and filling it in again enables it. */
async function expectRequired(page: Page, dialog: Locator, label: string, value: string): Promise<void> {
  await dialog.getByLabel(label).fill('');
  await expectNextDisabled(page, true);
  await dialog.getByLabel(label).fill(value);
  await expectNextDisabled(page, false);
}

async function fetchSubscriptions(minPosition: string): Promise<AdminSubscriptionsResponse> {
  const response = await fetch(`${app.server.baseUrl}/api/admin/subscriptions`, {
    headers: { authorization: app.adminAuthorization(), 'x-min-position': minPosition },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AdminSubscriptionsResponse;
}

async function submitAndReadAnswer(page: Page): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/subscriptions') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const response = await answer;
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

const toastText = (page: Page) => page.getByTestId('toast').innerText();

/**
 * After the submit the dialog keeps the application number on screen (a toast alone was gone in
 * five seconds), copyable, with what happens next; no escrow account is set in this file, so it
 * says not to transfer yet rather than that a payment is being verified.
 */
async function expectSubmittedScreen(page: Page, applicationNumber: string, shot: string): Promise<Locator> {
  const done = page.getByTestId('application-submitted');
  await done.waitFor();
  expect(await done.getByTestId('application-number').innerText()).toBe(applicationNumber);
  const steps = await done.getByTestId('application-next-steps').innerText();
  expect(steps).toContain('do not transfer any money');
  expect(steps).not.toContain('verifying');
  await done.getByRole('button', { name: 'Copy application number' }).click();
  await done.getByRole('button', { name: 'Application number copied' }).waitFor();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(applicationNumber);
  await expectNoOverflow(page, shot);
  await expectNoSeriousA11yViolations(page, shot);
  await saveScreenshot(page, shot, { fullPage: false });
  return done;
}

describe('the full application wizard on a desktop', () => {
  it('guards every step, keeps values on Previous, submits, then refuses the same email', async () => {
    const viewport = VIEWPORTS.desktop;
    const page = await openLanding(viewport);
    const dialog = await openApplication(page);
    const applicant = { ...APPLICANT, email: 'adaeze.okafor@example.ng' };

    // Step 1: Next waits for every required field; a filled but invalid email is refused.
    await expectStep(dialog, 1);
    await expectNextDisabled(page, true);
    expect(await dialog.getByTestId('passport-photo-placeholder').innerText()).toContain(
      'Passport photograph (JPG or PNG, max 5 MB)',
    );
    await saveScreenshot(page, 'application-desktop-step-1', { fullPage: false });
    await fillPersonalExceptOccupation(page, dialog, { ...applicant, email: 'adaeze.okafor@' });
    await expectNextDisabled(page, true);
    await dialog.getByLabel('Occupation').fill('Engineer');
    await expectNextDisabled(page, false);
    await next(page).click();
    await expect.poll(() => fieldError(dialog, 'email').innerText()).toBe(APPLICATION_MESSAGES.email);
    await expectStep(dialog, 1);
    await saveScreenshot(page, 'application-desktop-step-1-invalid-email', { fullPage: false });
    await dialog.getByLabel('Email address').fill(applicant.email);
    await expect.poll(() => fieldError(dialog, 'email').count()).toBe(0);
    await next(page).click();

    // Step 2, then Previous and Next again: nothing typed is lost either way.
    await expectStep(dialog, 2);
    await expectNextDisabled(page, true);
    await dialog.getByLabel('Next of kin full name').fill('Chidi Okafor');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectStep(dialog, 1);
    expect(await dialog.getByLabel('Surname').inputValue()).toBe('Okafor');
    expect(await dialog.getByLabel('Email address').inputValue()).toBe(applicant.email);
    expect(await dialog.getByRole('combobox', { name: 'Gender', exact: true }).innerText()).toBe('Female');
    await next(page).click();
    await expectStep(dialog, 2);
    expect(await dialog.getByLabel('Next of kin full name').inputValue()).toBe('Chidi Okafor');
    await fillNextOfKin(dialog, applicant);
    await expectRequired(page, dialog, 'Next of kin email', 'chidi@example.ng');
    await saveScreenshot(page, 'application-desktop-step-2', { fullPage: false });
    await next(page).click();

    // Step 3: the value follows the acres (acres × 3,500,000) and cannot be typed.
    await expectStep(dialog, 3);
    await expectNextDisabled(page, true);
    const value = dialog.getByTestId('subscription-value');
    expect(await value.inputValue()).toBe(formatNaira(0));
    expect(await value.getAttribute('readonly')).not.toBeNull();
    await dialog.getByLabel('Number of acres').fill('20');
    await expect.poll(() => value.inputValue()).toBe('₦70,000,000');
    await chooseOption(page, dialog, 'Payment option', 'Installments');
    await expectNextDisabled(page, true);
    await chooseOption(page, dialog, 'Mode of payment', 'Bank transfer');
    await expectNextDisabled(page, false);
    await expectRequired(page, dialog, 'Number of acres', '20');
    await saveScreenshot(page, 'application-desktop-step-3', { fullPage: false });
    await next(page).click();

    // Step 4: the terms, and Next only once they are acknowledged.
    await expectStep(dialog, 4);
    const terms = await dialog.getByTestId('application-terms').innerText();
    for (const promise of [
      'escrow account until title transfer',
      'full refund',
      'no fees or penalties',
      'individual title',
      'exit rights',
      '45-60 days',
      'STOP',
    ]) {
      expect(terms).toContain(promise);
    }
    await expectNextDisabled(page, true);
    await dialog.getByRole('checkbox').click();
    await expectNextDisabled(page, false);
    await saveScreenshot(page, 'application-desktop-step-4', { fullPage: false });
    await next(page).click();

    // Step 5: optional realtor, and a summary of what will be sent.
    await expectStep(dialog, 5);
    const summary = await dialog.getByTestId('application-summary').innerText();
    for (const shown of ['Adaeze Okafor', applicant.email, 'Chidi Okafor', '₦70,000,000', 'Installments', 'Bank transfer']) {
      expect(summary).toContain(shown);
    }
    await dialog.getByLabel('Realtor name').fill('Tunde Realty');
    await saveScreenshot(page, 'application-desktop-step-5', { fullPage: false });
    await expectControlsOnScreen(page, viewport);

    const first = await submitAndReadAnswer(page);
    expect(first.status).toBe(201);
    await expect.poll(() => toastText(page)).toContain(SUCCESS_TITLE);
    expect(await toastText(page)).toContain(SUCCESS_TEXT);
    const done = await expectSubmittedScreen(page, String(first.body.applicationNumber), 'application-desktop-submitted');
    expect(await done.getByTestId('application-next-steps').innerText()).toContain('₦70M for your 20 acres');
    await done.getByTestId('application-done').click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The application reached the read model through the real command, event store and projector.
    const list = await fetchSubscriptions(String(first.body.position));
    const stored = list.subscriptions.find((s) => s.email.toLowerCase() === applicant.email);
    expect(stored).toMatchObject({
      surname: 'Okafor',
      acresSubscribed: 20,
      subscriptionValue: computeSubscriptionValue(20),
      paymentOption: 'installments',
      modeOfPayment: 'bank_transfer',
      realtorName: 'Tunde Realty',
      status: 'pending',
    });

    // Reopened, the form starts again at step 1, empty.
    const again = await openApplication(page);
    await expectStep(again, 1);
    expect(await again.getByLabel('Surname').inputValue()).toBe('');
    await expectNextDisabled(page, true);

    // Same email, other case: the server refuses it and says why; the dialog stays open.
    await completeToLastStep(page, again, { ...APPLICANT, email: 'ADAEZE.Okafor@Example.NG' });
    const second = await submitAndReadAnswer(page);
    expect(second.status).toBe(409);
    await expect.poll(() => toastText(page)).toContain('Submission Failed');
    expect(await toastText(page)).toContain(DUPLICATE_DETAIL);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await expectStep(again, 1);
    await expect.poll(() => fieldError(again, 'email').innerText()).toBe(DUPLICATE_DETAIL);
    await saveScreenshot(page, 'application-desktop-duplicate', { fullPage: false });
    const after = await fetchSubscriptions(String(first.body.position));
    expect(after.subscriptions.filter((s) => s.email.toLowerCase() === applicant.email)).toHaveLength(1);
  });

  it('forgets what was typed when cancelled', async () => {
    const page = await openLanding(VIEWPORTS.desktop);
    const dialog = await openApplication(page);
    await dialog.getByLabel('Surname').fill('Bello');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const reopened = await openApplication(page);
    expect(await reopened.getByLabel('Surname').inputValue()).toBe('');
  });
});

describe('the full application wizard on a phone', () => {
  it('keeps the controls on screen at every step and submits with the referral code', async () => {
    const viewport = VIEWPORTS.phone;
    // The server keeps a referral code only when an affiliate owns it: register one first.
    const affiliate = await app.signUpInvestor('Phone', 'Referrer');
    const registered = await send(app.server.baseUrl, '/api/affiliate/register', {
      method: 'POST',
      cookie: affiliate.cookie,
      json: {
        full_name: 'Phone Referrer',
        phone_number: '08031234567',
        bank_name: 'Access Bank',
        account_number: '0123456789',
        account_name: 'Phone Referrer',
        marketing_experience: 'beginner',
        marketing_channels: 'WhatsApp groups and church networks',
      },
    });
    await expectStatus(registered, 201);
    const { referralCode } = ((await registered.json()) as { affiliate: { referralCode: string } }).affiliate;
    const page = await openLanding(viewport, `?ref=${referralCode}`);
    const dialog = await openApplication(page);
    const applicant = { ...APPLICANT, email: 'ngozi.eze@example.ng', surname: 'Eze', occupation: 'Pharmacist', acres: 21 };

    /** The controls are on screen at this point of the wizard, photographed as `shot`. */
    const expectControlsShown = async (shot: string) => {
      await expectControlsOnScreen(page, viewport);
      await saveScreenshot(page, `application-phone-${shot}`, { fullPage: false });
    };

    await expectStep(dialog, 1);
    await expectControlsShown('step-1');
    await fillPersonalExceptOccupation(page, dialog, applicant);
    await dialog.getByLabel('Occupation').fill(applicant.occupation);
    // The last field sits below the fold: the step scrolls inside the dialog, the controls stay.
    await dialog.getByLabel('Work address').scrollIntoViewIfNeeded();
    await expectControlsShown('step-1-scrolled');
    await next(page).click();

    await expectStep(dialog, 2);
    await fillNextOfKin(dialog, applicant);
    await expectControlsShown('step-2');
    await next(page).click();

    await expectStep(dialog, 3);
    await fillInvestment(page, dialog, applicant);
    await expect.poll(() => dialog.getByTestId('subscription-value').inputValue()).toBe('₦73,500,000');
    await saveScreenshot(page, 'application-phone-step-3', { fullPage: false });
    await next(page).click();

    await expectStep(dialog, 4);
    await dialog.getByRole('checkbox').click();
    await expectControlsShown('step-4');
    await next(page).click();

    await expectStep(dialog, 5);
    await expectControlsShown('step-5');

    const answer = await submitAndReadAnswer(page);
    expect(answer.status).toBe(201);
    await expect.poll(() => toastText(page)).toContain(SUCCESS_TITLE);
    const applicationNumber = String(answer.body.applicationNumber);
    const done = await expectSubmittedScreen(page, applicationNumber, 'application-phone-submitted');

    // The status page, reached from there, has the number filled in and answers 200 itself.
    await done.getByTestId('application-status-link').click();
    await page.getByTestId('application-status-page').waitFor();
    expect(await page.getByLabel('Application number').inputValue()).toBe(applicationNumber);
    await page.getByLabel('Email address').fill(applicant.email);
    await page.getByTestId('status-submit').click();
    const card = page.getByTestId('application-status-card');
    await expect.poll(() => card.getByTestId('application-status').getAttribute('data-status')).toBe('pending');
    expect(await card.getByTestId('application-story').innerText()).toBe('We have your application for 21 acres (₦73.5M).');
    expect(await card.getByTestId('application-next-step').innerText()).toContain('do not transfer any money');
    await expectNoOverflow(page, 'application-status-pending-390');
    expect((await fetch(`${app.server.baseUrl}/application-status`)).status).toBe(200);

    const list = await fetchSubscriptions(String(answer.body.position));
    const stored = list.subscriptions.find((s) => s.email === applicant.email);
    expect(stored).toMatchObject({ surname: 'Eze', acresSubscribed: 21, subscriptionValue: 73_500_000, referralCode });
  });
});

// Last in the file: every page the tests above opened ran under the CSP without a violation.
it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
