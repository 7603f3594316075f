// Password reset with the built-in sign-in (issue 13, item 5): "Forgot password?" on the
// sign-in page, the link read from the local outbox (no SMTP here, so the page says the
// message is held for the team), a new password, then sign-in with it.

import { describe, expect, it } from 'vitest';
import { useBrowserApp } from './fixtures/app';
import { outboxNames, readFromOutbox } from './fixtures/outbox';
import { atBothWidths, attemptSuffix, checkAtBothWidths } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS } from './harness';

const app = useBrowserApp();
const NEW_PASSWORD = 'fresh acres 2026';

/** The reset link's token from the message the notifier wrote under DATA_DIR/outbox, once it is there. */
const readResetToken = (email: string, after: ReadonlySet<string>) =>
  readFromOutbox({
    dataDir: app.server.dataDir,
    kind: 'password-reset',
    recipient: email,
    pattern: /\/reset-password\?token=([A-Za-z0-9._~%-]+)/,
    after,
  });

describe('forgot password', () => {
  it('walks once from the sign-in page to a new password, honestly about email, each screen at 390 and 1280 px', async () => {
    const investor = await app.signUpInvestor('Chika', `Reset${attemptSuffix()}`);
    const page = await app.newPage(VIEWPORTS.phone);

    await page.goto(app.url('/signin'));
    await atBothWidths(page, async ({ width }) => {
      await page.getByTestId('forgot-password-link').waitFor();
      await saveScreenshot(page, `signin-forgot-link-${width}`);
    });
    await page.getByTestId('forgot-password-link').click();
    await page.getByTestId('forgot-password-form').waitFor();
    await checkAtBothWidths(page, 'forgot-password');

    const before = await outboxNames(app.server.dataDir);
    await page.getByLabel(/^Email/).fill(investor.email);
    await page.getByTestId('forgot-password-submit').click();
    const requested = page.getByTestId('forgot-password-requested');
    await requested.waitFor();
    // No email transport in this server: the page must not claim an email was sent.
    await checkAtBothWidths(page, 'forgot-password-requested', async () => {
      expect(await requested.textContent()).toContain('held for our team');
      expect(await requested.textContent()).not.toContain("we've sent");
    });

    const token = await readResetToken(investor.email, before);
    await page.goto(app.url(`/reset-password?token=${encodeURIComponent(token)}`));
    await page.getByTestId('reset-password-form').waitFor();
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill('not the same 1');
    await page.getByTestId('reset-password-submit').click();
    await checkAtBothWidths(page, 'reset-password', () =>
      expect.poll(() => page.getByText('Passwords do not match').count()).toBe(1),
    );

    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('reset-password-done').waitFor();
    await checkAtBothWidths(page, 'reset-password-done');

    // The session made at sign-up was ended by the reset.
    const me = await fetch(app.url('/api/auth/user'), { headers: { cookie: investor.cookie } });
    expect(me.status).toBe(401);

    await page.getByTestId('reset-password-signin').click();
    await page.getByLabel(/^Email/).fill(investor.email);
    await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await page.getByTestId('signin-submit').click();
    await page.waitForURL(/\/dashboard$/);

    // The same link a second time: refused, with the way to a new one.
    await page.goto(app.url(`/reset-password?token=${encodeURIComponent(token)}`));
    await page.getByLabel(/^New password/).fill('another acres 7');
    await page.getByLabel(/^Confirm new password/).fill('another acres 7');
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('reset-password-invalid').waitFor();
    await checkAtBothWidths(page, 'reset-password-invalid');
    expect(app.cspViolations()).toEqual([]);
  });
});
