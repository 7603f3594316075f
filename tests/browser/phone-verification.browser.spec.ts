// Phone ownership (issue 24, item 2) on the investor's dashboard: the SMS and WhatsApp choices
// are off with a reason until a number is confirmed; "Confirm your phone number" texts a code
// (read here from the local outbox: no Termii in this server), a wrong code says how many
// attempts are left, the right one confirms the number and turns the text choices on.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { useBrowserApp } from './fixtures/app';
import { readFromOutbox } from './fixtures/outbox';
import { atBothWidths, attemptSuffix } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';

const app = useBrowserApp();

/** The code texted to this number, from the message the notifier wrote under DATA_DIR/outbox. */
const readCode = (phoneE164: string) =>
  readFromOutbox({ dataDir: app.server.dataDir, kind: 'phone-verification', recipient: phoneE164, pattern: /code is (\d{6})/ });

/** The screen's own assertions (`also`), axe and overflow, at 390 and at 1280 px. */
const checkAtBothWidths = (page: Page, name: string, also?: () => Promise<void>) =>
  atBothWidths(page, async ({ width }) => {
    await also?.();
    await page.getByTestId('message-preferences-card').scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, `${name} @${width}`);
    await expectNoOverflow(page, `${name} @${width}`);
    await saveScreenshot(page, `${name}-${width}`, { fullPage: false });
  });

describe('confirming a phone number', () => {
  it('confirms a number by its texted code and turns the text choices on, at 390 and 1280 px', async () => {
    // A number of its own for each attempt: a retry is texted a code of its own.
    const run = attemptSuffix();
    const [local, e164] = [`0803 700 ${run.slice(-4)}`, `+234803700${run.slice(-4)}`];
    const page = await app.newPage(VIEWPORTS.phone);
    await app.signUpInPage(page, {
      firstName: 'Tolu',
      lastName: `Phone${run}`,
      email: `phone-${run}@example.ng`,
      password: 'acres land 2025',
    });
    await page.goto(app.url('/dashboard'));
    const sms = page.getByTestId('preference-marketing-sms');
    await sms.waitFor();
    await checkAtBothWidths(page, 'phone-verification-start', async () => {
      expect(await sms.isDisabled()).toBe(true);
      expect(await page.getByTestId('message-preferences').textContent()).toContain('Confirm your phone number above first');
    });

    await page.getByTestId('phone-verification-number').fill(local);
    await page.getByTestId('phone-verification-send').click();
    await page.getByTestId('phone-verification-confirm').waitFor();
    const code = await readCode(e164);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByTestId('phone-verification-code').locator('input').fill(wrong);
    await page.getByTestId('phone-verification-submit').click();
    await page.getByText('4 attempts are left.', { exact: false }).first().waitFor();
    await checkAtBothWidths(page, 'phone-verification-wrong-code', async () => {
      expect(await page.getByTestId('phone-verification-confirm').textContent()).toContain('That code is not right.');
    });

    await page.getByTestId('phone-verification-code').locator('input').fill(code);
    await page.getByTestId('phone-verification-submit').click();
    await page.getByTestId('phone-verification-verified').waitFor();
    await waitForExpression(page, `!document.querySelector('[data-testid="preference-marketing-sms"]')?.disabled`);
    await checkAtBothWidths(page, 'phone-verification-confirmed', async () => {
      expect(await page.getByTestId('phone-verification-verified').textContent()).toContain('+234 803 700');
      expect(await page.getByTestId('message-preferences').textContent()).toContain(e164);
    });
  });

  it('reported no CSP violation', () => {
    expect(app.cspViolations()).toEqual([]);
  });
});
