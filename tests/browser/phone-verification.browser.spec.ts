// Phone ownership (issue 24, item 2) on the investor's dashboard: the SMS and WhatsApp choices
// are off with a reason until a number is confirmed; "Confirm your phone number" texts a code
// (read here from the local outbox: no Termii in this server), a wrong code says how many
// attempts are left, the right one confirms the number and turns the text choices on.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { useBrowserApp } from './fixtures/app';
import { readFromOutbox } from './fixtures/outbox';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';

const app = useBrowserApp();

/** The code texted to this number, from the message the notifier wrote under DATA_DIR/outbox. */
const readCode = (phoneE164: string) =>
  readFromOutbox({ dataDir: app.server.dataDir, kind: 'phone-verification', recipient: phoneE164, pattern: /code is (\d{6})/ });

async function check(page: Page, name: string, width: number) {
  await page.getByTestId('message-preferences-card').scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, `${name} @${width}`);
  await expectNoOverflow(page, `${name} @${width}`);
  await saveScreenshot(page, `${name}-${width}`, { fullPage: false });
}

describe('confirming a phone number', () => {
  for (const [viewport, local, e164] of [
    [VIEWPORTS.phone, '0803 700 0391', '+2348037000391'],
    [VIEWPORTS.desktop, '0803 700 1281', '+2348037001281'],
  ] as const) {
    it(`confirms a number by its texted code and turns the text choices on (${viewport.width} px)`, async () => {
      const page = await app.newPage(viewport);
      await app.signUpInPage(page, {
        firstName: 'Tolu',
        lastName: `Phone${viewport.width}`,
        email: `phone-${viewport.width}@example.ng`,
        password: 'acres land 2025',
      });
      await page.goto(app.url('/dashboard'));
      const sms = page.getByTestId('preference-marketing-sms');
      await sms.waitFor();
      expect(await sms.isDisabled()).toBe(true);
      expect(await page.getByTestId('message-preferences').textContent()).toContain('Confirm your phone number above first');
      await check(page, 'phone-verification-start', viewport.width);

      await page.getByTestId('phone-verification-number').fill(local);
      await page.getByTestId('phone-verification-send').click();
      await page.getByTestId('phone-verification-confirm').waitFor();
      const code = await readCode(e164);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await page.getByTestId('phone-verification-code').locator('input').fill(wrong);
      await page.getByTestId('phone-verification-submit').click();
      await page.getByText('4 attempts are left.', { exact: false }).first().waitFor();
      expect(await page.getByTestId('phone-verification-confirm').textContent()).toContain('That code is not right.');
      await check(page, 'phone-verification-wrong-code', viewport.width);

      await page.getByTestId('phone-verification-code').locator('input').fill(code);
      await page.getByTestId('phone-verification-submit').click();
      await page.getByTestId('phone-verification-verified').waitFor();
      await waitForExpression(page, `!document.querySelector('[data-testid="preference-marketing-sms"]')?.disabled`);
      expect(await page.getByTestId('phone-verification-verified').textContent()).toContain('+234 803 700');
      expect(await page.getByTestId('message-preferences').textContent()).toContain(e164);
      await check(page, 'phone-verification-confirmed', viewport.width);
    });
  }

  it('reported no CSP violation', () => {
    expect(app.cspViolations()).toEqual([]);
  });
});
