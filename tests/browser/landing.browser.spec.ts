import {
  CALCULATOR_ACRES,
  computeReturns,
  FAQ_ITEMS,
  formatMillions,
  LEAD_MESSAGES,
  RETAIL_PRICE_PER_ACRE,
  WHOLESALE_PRICE_PER_ACRE,
} from '@acres/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setBusinessSettings, TEST_SETTINGS } from './fixtures/api';
import { useBrowserApp, type Viewport } from './fixtures/app';
import { atBothWidths } from './fixtures/widths';
import { clearCspViolations, waitForExpression, saveScreenshot, VIEWPORTS } from './harness';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import { chooseOption as chooseSelectOption } from './fixtures/select';
import { waitForErrorFocus } from './fixtures/error-focus';
import { submitAndReadPost } from './fixtures/posted';

const SECTIONS = ['nav', 'hero', 'value-cards', 'calculator', 'logos', 'how-it-works', 'trust', 'faq', 'cta', 'footer'];

const app = useBrowserApp();

// The footer and the success dialog show the contacts the admin set (issue 12).
beforeAll(async () => setBusinessSettings(app.server.baseUrl, app.adminAuthorization()));

async function openLanding(viewport: Viewport = VIEWPORTS.desktop): Promise<Page> {
  const page = await app.newPage(viewport);
  await page.goto(`${app.server.baseUrl}/`);
  await page.getByTestId('hero').waitFor();
  return page;
}

async function openLeadDialog(page: Page): Promise<void> {
  await page.getByTestId('nav-reserve').click();
  await page.getByRole('dialog', { name: 'Reserve Your Slot' }).waitFor();
}

/** The control labelled exactly `text` (the visual '*' of required fields aside). */
const byLabel = (page: Page, text: string) => page.getByLabel(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

/** Waits for enter animations (dialogs, toasts) to finish so screenshots show the final state. */
async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  // A string, not a function: the test runner's transform would leak helpers into the page.
  await waitForExpression(
    page,
    "document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)",
    5000,
  );
  await saveScreenshot(page, name, options);
}

const fieldError = (page: Page, field: string) => page.locator(`[data-field="${field}"] [role="alert"]`);

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await chooseSelectOption(page, byLabel(page, label), option);
}

async function fillValidLead(page: Page, acres: string): Promise<void> {
  await byLabel(page, 'Full name').fill('Adaeze Okafor');
  await byLabel(page, 'Company (optional)').fill('Okafor Developments');
  await byLabel(page, 'Email').fill('adaeze@example.com');
  await byLabel(page, 'Phone (WhatsApp)').pressSequentially('08031234567');
  await chooseOption(page, 'I am a', 'Developer');
  await byLabel(page, 'Intended acres').fill(acres);
  await chooseOption(page, 'Commitment timeline', 'Within 7 days');
  await byLabel(page, 'Notes (optional)').fill('Please send the survey plan.');
  await page.getByRole('checkbox').check();
}

describe('the landing page', () => {
  it('renders every section in SPEC order with the offer from contracts', async () => {
    const page = await openLanding();
    let previousTop = -1;
    for (const id of SECTIONS) {
      const section = page.getByTestId(id);
      await expect.poll(() => section.isVisible(), { message: id }).toBe(true);
      const box = await section.boundingBox();
      expect(box, id).not.toBeNull();
      if (id !== 'nav') expect(box!.y, `${id} comes after the previous section`).toBeGreaterThan(previousTop);
      if (id !== 'nav') previousTop = box!.y;
    }
    const hero = page.getByTestId('hero');
    await expect.poll(() => hero.textContent()).toContain(formatMillions(WHOLESALE_PRICE_PER_ACRE));
    await expect.poll(() => hero.textContent()).toContain(formatMillions(RETAIL_PRICE_PER_ACRE));
    await expect.poll(() => hero.textContent()).toMatch(/200.acre/);
    await expect.poll(() => hero.textContent()).toContain('10 partners');
    await expect.poll(() => hero.getByRole('button', { name: 'Full Application' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('value-card').count()).toBe(6);
    await expect.poll(() => page.getByTestId('how-step').count()).toBe(3);
    await expect.poll(() => page.getByTestId('logos-disclaimer').textContent()).toMatch(/not .*endorse/);
    await expect.poll(() => page.getByTestId('trust').textContent()).toContain('STOP');
    await expect.poll(() => page.getByTestId('cta').textContent()).toContain('Response within 24 hours guaranteed');
    await expect.poll(() => page.getByTestId('nav-login').getAttribute('href')).toBe('/api/login');
    const footer = page.getByTestId('footer');
    await expect.poll(() => footer.getByRole('link', { name: /privacy/i }).getAttribute('href')).toBe('/privacy');
    await expect.poll(() => footer.getByRole('link', { name: /affiliate/i }).getAttribute('href')).toBe('/affiliate');
    await expect.poll(() => footer.textContent()).toContain(TEST_SETTINGS.contactEmail);
    // The sticky reserve button is for phones only.
    await expect.poll(() => page.getByTestId('mobile-reserve').isVisible()).toBe(false);
    // F8 moves focus to the notifications area.
    await page.keyboard.press('F8');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[aria-label^="Notifications"]') !== null))
      .toBe(true);
    await shoot(page, 'landing-1280');
  });

  it('shows a sticky reserve button on a phone that opens the lead dialog', async () => {
    const page = await openLanding(VIEWPORTS.phone);
    const sticky = page.getByTestId('mobile-reserve');
    await expect.poll(() => sticky.isVisible()).toBe(true);
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => sticky.isVisible()).toBe(true);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'landing-390');
    await sticky.click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Reserve Your Slot' }).isVisible()).toBe(true);
  });

  it('opens the full application form from the hero', async () => {
    const page = await openLanding();
    await page.getByTestId('hero-apply').click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
  });

  it('follows the footer links to the privacy page and the affiliate page', async () => {
    const page = await openLanding();
    await page
      .getByTestId('footer')
      .getByRole('link', { name: /privacy/i })
      .click();
    await page.getByRole('heading', { name: 'Privacy Policy and Terms' }).waitFor();
    // Dated by the consent texts in force, not by a date typed into the page.
    await expect.poll(() => page.getByTestId('privacy-last-updated').textContent()).toContain('Last updated 26 November 2026');
    expect(await page.getByTestId('privacy-last-updated').textContent()).toContain('lead contact version 1');
    // The sign-in page's promise agrees with the privacy text: named recipients, not "never".
    const sharing = 'share them only with the escrow bank, our legal advisers and the land registry';
    expect((await page.getByTestId('privacy').textContent())?.replace(/\s+/g, ' ')).toContain(
      'share it only with the escrow bank, our legal advisers and the land registry',
    );
    const signin = await app.newPage(VIEWPORTS.phone);
    await signin.goto(app.url('/signin'));
    await signin.getByTestId('signin-form').waitFor();
    const signinText = (await signin.locator('main').textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(signinText).not.toContain('never share');
    expect(signinText).toContain(sharing);
    await expect.poll(() => page.getByTestId('privacy').textContent()).toContain('reply STOP');
    await page
      .getByTestId('footer')
      .getByRole('link', { name: /affiliate/i })
      .click();
    await page.getByTestId('affiliate').waitFor();
    expect(new URL(page.url()).pathname).toBe('/affiliate');
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    const page = await app.newPage(VIEWPORTS.desktop);
    await page.goto(`${app.server.baseUrl}/no-such-page`);
    await page.getByTestId('not-found').waitFor();
    await page.getByRole('link', { name: /home/i }).click();
    await page.getByTestId('hero').waitFor();
  });
});

describe('the returns calculator', () => {
  async function outputs(page: Page) {
    const read = (id: string) => page.getByTestId(id).getAttribute('data-amount').then(Number);
    return {
      wholesaleValue: await read('calculator-wholesale'),
      retailValue: await read('calculator-retail'),
      equitySpread: await read('calculator-spread'),
      text: await page.getByTestId('calculator-spread').textContent(),
    };
  }

  it('starts at 25 acres', async () => {
    const page = await openLanding();
    await expect.poll(() => page.getByTestId('calculator-acres').inputValue()).toBe(String(CALCULATOR_ACRES.default));
    const result = await outputs(page);
    expect(result).toMatchObject(computeReturns(25));
    expect(result.text).toBe(formatMillions(100_000_000));
    await expect.poll(() => page.getByTestId('calculator').textContent()).toContain('Minimum 20 acres required');
  });

  it.each([
    [20, 70_000_000, 150_000_000, 80_000_000],
    [25, 87_500_000, 187_500_000, 100_000_000],
    [200, 700_000_000, 1_500_000_000, 800_000_000],
  ])('computes %i acres', async (acres, wholesaleValue, retailValue, equitySpread) => {
    const page = await openLanding();
    await page.getByTestId('calculator-acres').fill(String(acres));
    await expect.poll(() => outputs(page)).toMatchObject({ wholesaleValue, retailValue, equitySpread });
    await expect.poll(() => page.getByTestId('calculator-wholesale').textContent()).toBe(formatMillions(wholesaleValue));
  });

  it('falls back to 25 acres when the input is emptied', async () => {
    const page = await openLanding();
    const input = page.getByTestId('calculator-acres');
    await input.fill('200');
    await input.fill('');
    await expect.poll(() => outputs(page)).toMatchObject(computeReturns(25));
    await input.blur();
    await expect.poll(() => input.inputValue()).toBe('25');
  });

  it('never computes outside 20 to 200 acres', async () => {
    const page = await openLanding();
    const input = page.getByTestId('calculator-acres');
    await input.fill('5');
    await expect.poll(() => outputs(page)).toMatchObject(computeReturns(20));
    await input.fill('999');
    await expect.poll(() => outputs(page)).toMatchObject(computeReturns(200));
    await input.blur();
    await expect.poll(() => input.inputValue()).toBe('200');
  });
});

describe('the FAQ', () => {
  it('lists the six items, opens one at a time and closes the open one', async () => {
    const page = await openLanding();
    const faq = page.getByTestId('faq');
    const triggers = faq.getByRole('button');
    await expect.poll(() => triggers.count()).toBe(FAQ_ITEMS.length);
    const expanded = async () => Promise.all((await triggers.all()).map((t) => t.getAttribute('aria-expanded')));

    await expect.poll(() => expanded()).toEqual(Array(6).fill('false'));
    await faq.getByRole('button', { name: FAQ_ITEMS[0]!.question }).click();
    await expect.poll(() => faq.getByText(FAQ_ITEMS[0]!.answer).isVisible()).toBe(true);
    await expect.poll(() => expanded()).toEqual(['true', 'false', 'false', 'false', 'false', 'false']);

    await faq.getByRole('button', { name: FAQ_ITEMS[4]!.question }).click();
    await expect.poll(() => expanded()).toEqual(['false', 'false', 'false', 'false', 'true', 'false']);
    await expect.poll(() => faq.getByText(FAQ_ITEMS[4]!.answer).isVisible()).toBe(true);

    await faq.getByRole('button', { name: FAQ_ITEMS[4]!.question }).click();
    await expect.poll(() => expanded()).toEqual(Array(6).fill('false'));
  });
});

describe('the Reserve Your Slot form', () => {
  it('shows every required-field message on an empty submit', async () => {
    const page = await openLanding();
    await openLeadDialog(page);
    await page.getByTestId('lead-submit').click();
    await expect.poll(() => fieldError(page, 'fullName').textContent()).toBe(LEAD_MESSAGES.fullName);
    await expect.poll(() => fieldError(page, 'email').textContent()).toBe(LEAD_MESSAGES.email);
    await expect.poll(() => fieldError(page, 'phone').textContent()).toBe('Phone number is required');
    await expect.poll(() => fieldError(page, 'role').textContent()).toBe(LEAD_MESSAGES.role);
    await expect.poll(() => fieldError(page, 'commitment').textContent()).toBe(LEAD_MESSAGES.commitment);
    await expect.poll(() => fieldError(page, 'consent').textContent()).toBe(LEAD_MESSAGES.consent);
    await expect.poll(() => fieldError(page, 'company').count()).toBe(0);
    await expect.poll(() => fieldError(page, 'notes').count()).toBe(0);
    // The message is tied to its control for screen readers.
    const describedBy = await byLabel(page, 'Full name').getAttribute('aria-describedby');
    const errorId = await fieldError(page, 'fullName').getAttribute('id');
    expect(describedBy).toContain(errorId);
    await shoot(page, 'lead-errors-1280', { fullPage: false });
  });

  it('rejects bad values with the contract messages', async () => {
    const page = await openLanding();
    await openLeadDialog(page);
    await byLabel(page, 'Email').fill('not-an-email');
    await byLabel(page, 'Phone (WhatsApp)').pressSequentially('0803');
    await byLabel(page, 'Intended acres').fill('500');
    await page.getByTestId('lead-submit').click();
    await expect.poll(() => fieldError(page, 'email').textContent()).toBe(LEAD_MESSAGES.email);
    await expect.poll(() => fieldError(page, 'phone').textContent()).toBe('Phone number is required');
    await expect.poll(() => fieldError(page, 'intendedAcres').textContent()).toBe(LEAD_MESSAGES.maxAcres);
    await waitForErrorFocus(page);
    await byLabel(page, 'Intended acres').fill('0');
    await expect.poll(() => byLabel(page, 'Intended acres').inputValue()).toBe('0');
    await expect.poll(() => fieldError(page, 'intendedAcres').textContent()).toBe('Minimum 1 acre required');
    // A blank acres entry means the minimum allocation (SPEC's 20 acres: no terms are set here).
    await byLabel(page, 'Intended acres').fill('');
    await expect.poll(() => fieldError(page, 'intendedAcres').count()).toBe(0);
    await byLabel(page, 'Intended acres').blur();
    await expect.poll(() => byLabel(page, 'Intended acres').inputValue()).toBe('20');
  });

  it('formats the phone number while typing', async () => {
    const page = await openLanding();
    await openLeadDialog(page);
    const phone = byLabel(page, 'Phone (WhatsApp)');
    await phone.pressSequentially('0803');
    await expect.poll(() => phone.inputValue()).toBe('+234 803');
    await phone.pressSequentially('1234567');
    await expect.poll(() => phone.inputValue()).toBe('+234 803 123 4567');
    await phone.pressSequentially('99');
    await expect.poll(() => phone.inputValue()).toBe('+234 803 123 4567');
    // Backspace over a separator removes the digit before it.
    await phone.fill('+234 803');
    await phone.press('End');
    await phone.press('Backspace');
    await expect.poll(() => phone.inputValue()).toBe('+234 80');
  });

  it('reserves a slot and offers the follow-up actions, at 390 and 1280 px', async () => {
    const page = await openLanding(VIEWPORTS.phone);
    await page.getByTestId('mobile-reserve').click();
    await page.getByRole('dialog', { name: 'Reserve Your Slot' }).waitFor();
    await fillValidLead(page, '25');
    await atBothWidths(page, ({ width }) => shoot(page, `lead-dialog-${width}`, { fullPage: false }));

    const { response, sent } = await submitAndReadPost(page, 'lead-submit', '/api/leads', 201);
    expect(sent).toMatchObject({
      fullName: 'Adaeze Okafor',
      email: 'adaeze@example.com',
      phone: '+234 803 123 4567',
      phoneE164: '+2348031234567',
      priceBand: '3.5M',
      role: 'Developer',
      intendedAcres: 25,
      commitment: '7 days',
      consent: true,
      consentVersion: LEAD_CONSENT_TEXT.version,
    });
    const accepted = (await response.json()) as { id: string; position: string };
    expect(accepted.id).toBeTruthy();
    expect(accepted.position).toMatch(/^\d+$/);

    const success = page.getByRole('dialog', { name: 'Slot Reserved Successfully' });
    await success.waitFor();
    // No channel is configured in the browser suite, and no document is in the room yet: the
    // dialog says what will happen, never a send, nor materials that do not exist.
    await expect
      .poll(() => success.textContent())
      .toContain(
        "We've received your reservation. Our team will contact you within 24 hours. The due diligence materials are being prepared; we will send them as soon as they are ready.",
      );
    expect(await success.textContent()).not.toMatch(/WhatsApp and SMS|sent confirmation/);
    await expect.poll(() => page.getByRole('dialog', { name: 'Reserve Your Slot' }).count()).toBe(0);
    const toast = page.getByTestId('toast');
    await expect.poll(() => toast.textContent()).toContain('Success!');
    await expect.poll(() => toast.textContent()).toContain('Your slot has been reserved.');
    expect(await toast.textContent()).not.toContain('Check your');

    const whatsapp = new URL((await success.getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href'))!);
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe(`https://wa.me/${TEST_SETTINGS.contactWhatsapp.slice(1)}`);
    expect(whatsapp.searchParams.get('text')).toContain('25 acres');
    const mail = (await success.getByRole('link', { name: 'Schedule a Call' }).getAttribute('href'))!;
    expect(mail.startsWith(`mailto:${TEST_SETTINGS.contactEmail}?subject=`)).toBe(true);
    await atBothWidths(page, ({ width }) => shoot(page, `lead-success-${width}`, { fullPage: false }));

    await success.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => success.count()).toBe(0);
    // The form was reset, whichever button opens it: the header's on a phone, the hero's on a desktop.
    await openLeadDialog(page);
    await expect.poll(() => byLabel(page, 'Full name').inputValue()).toBe('');
    await expect.poll(() => page.getByRole('checkbox').getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Reserve Your Slot' }).count()).toBe(0);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByTestId('hero-reserve').click();
    await page.getByRole('dialog', { name: 'Reserve Your Slot' }).waitFor();
    await expect.poll(() => byLabel(page, 'Full name').inputValue()).toBe('');
    await expect.poll(() => page.getByRole('checkbox').getAttribute('aria-checked')).toBe('false');
  });

  it('cannot be closed while the submit is pending', async () => {
    const page = await openLanding();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the request in the browser, then let it reach the real app.server.
    await page.route('**/api/leads', async (route) => {
      await held;
      await route.continue();
    });
    await openLeadDialog(page);
    await fillValidLead(page, '30');
    await page.getByTestId('lead-submit').click();
    const dialog = page.getByRole('dialog', { name: 'Reserve Your Slot' });
    await expect.poll(() => page.getByTestId('lead-submit').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect.poll(() => dialog.getByRole('button', { name: 'Close' }).isDisabled()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    release();
    await page.getByRole('dialog', { name: 'Slot Reserved Successfully' }).waitFor();
  });

  it('shows a destructive toast when the server fails', async () => {
    const page = await openLanding();
    await page.route('**/api/leads', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
    );
    await openLeadDialog(page);
    await fillValidLead(page, '25');
    await page.getByTestId('lead-submit').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect.poll(() => toast.getAttribute('data-variant')).toBe('destructive');
    await expect.poll(() => toast.textContent()).toContain('Submission failed');
    await expect.poll(() => toast.textContent()).toContain('503: Service Unavailable');
    // The form keeps the values so the visitor can retry.
    await expect.poll(() => byLabel(page, 'Full name').inputValue()).toBe('Adaeze Okafor');
    // A second failure replaces the toast: only one is ever shown.
    await page.getByTestId('lead-submit').click();
    await expect.poll(() => page.getByTestId('lead-submit').isEnabled()).toBe(true);
    await expect.poll(() => page.getByTestId('toast').count()).toBe(1);
  });
});

describe('the Content-Security-Policy', () => {
  it('is enforced: an injected inline script does not run and is reported', async () => {
    expect(app.cspViolations(), 'violations before this test').toEqual([]);
    const page = await openLanding();
    const ran = await page.evaluate(
      "(() => { const s = document.createElement('script'); s.textContent = 'window.__injected = true'; document.body.append(s); return window.__injected === true; })()",
    );
    expect(ran).toBe(false);
    // Both reports (the DOM event and Chromium's console message) arrive before forgetting them.
    await expect
      .poll(() => app.cspViolations().some((violation) => violation.includes('script-src-elem blocked inline')))
      .toBe(true);
    await expect.poll(() => app.cspViolations().some((violation) => violation.includes('Content Security Policy'))).toBe(true);
    clearCspViolations(app.browser);
  });
});

// Last in the file: every page the tests above opened ran under the CSP without a violation.
it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
