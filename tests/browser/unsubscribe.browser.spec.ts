// The unsubscribe link of a marketing email (issue 13, item 4): a lead's confirmation email
// carries it, opening it changes nothing, the button records the opt-out, and the admin's
// Audit log credits it to the contact.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from './fixtures/app';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { atBothWidths, attemptSuffix } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS } from './harness';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';

const app = useBrowserApp();

const adminGet = <T>(path: string) =>
  fetch(app.url(path), { headers: { authorization: app.adminAuthorization() } }).then(async (response) => {
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  });

type OutboxMessage = { kind: string; channel: string; recipient: string; text: string };
type Outbox = { messages: OutboxMessage[] };
type AuditLog = { entries: { kind: string; actorKind: string; actorId: string | null; summary: string }[] };

/** A lead through the real command API; its confirmation email (in the local outbox) carries the link. */
const unsubscribeLinkOf = async (email: string): Promise<string> => {
  const response = await fetch(app.url('/api/leads'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullName: 'Tunde Bakare',
      company: '',
      email,
      phone: '08051234567',
      phoneE164: '+2348051234567',
      role: 'Investor',
      intendedAcres: 30,
      commitment: '7 days',
      notes: '',
      consent: true,
      consentVersion: LEAD_CONSENT_TEXT.version,
      priceBand: '3.5M',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  // The link as the recipient gets it: the message the notifier wrote under DATA_DIR/outbox
  // (the admin's Outbox hides its token, as it does every link's).
  const dir = path.join(app.server.dataDir, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const name of await readdir(dir).catch(() => [])) {
          if (!name.endsWith('.json')) continue;
          const message = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxMessage;
          if (message.kind !== 'lead-confirmation' || message.recipient !== email) continue;
          link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(message.text)?.[0];
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  const token = new URL(link!).searchParams.get('token')!;
  const { messages } = await adminGet<Outbox>('/api/admin/outbox');
  const shown = messages.find((m) => m.kind === 'lead-confirmation' && m.recipient === email);
  expect(shown?.text).toBeDefined();
  expect(shown!.text).not.toContain(token);
  // The notifier links the configured origin; the browser reaches the same server here.
  return app.url(new URL(link!).pathname + new URL(link!).search);
};

/** The link opened at 390 px: the question, checked for overflow at 390 and 1280 px. */
const confirmAt = async (email: string): Promise<Page> => {
  const page = await app.newPage(VIEWPORTS.phone);
  await page.goto(await unsubscribeLinkOf(email));
  await page.getByTestId('unsubscribe-confirm').waitFor();
  await atBothWidths(page, async ({ width }) => {
    await expectNoOverflow(page, `${page.url()} @${width}`);
    await saveScreenshot(page, `unsubscribe-confirm-${width}`);
  });
  return page;
};

describe('the unsubscribe page', () => {
  it('asks before unsubscribing (opening the link records nothing), says so, and explains a broken link, at 390 and 1280 px', async () => {
    const page = await confirmAt(`tunde.${attemptSuffix()}@example.ng`);
    await expectNoSeriousA11yViolations(page);
    const before = await adminGet<AuditLog>('/api/admin/audit-log');
    expect(before.entries.filter((entry) => entry.kind === 'consent.opted-out')).toEqual([]);

    await page.getByTestId('unsubscribe-confirm').click();
    await page.getByTestId('unsubscribe-done').waitFor();
    expect(await page.getByTestId('unsubscribe-done').textContent()).toContain("You're unsubscribed from marketing emails");
    await atBothWidths(page, async ({ width }) => {
      await page.getByTestId('unsubscribe-done').waitFor();
      if (width === VIEWPORTS.phone.width) await expectNoOverflow(page);
      await saveScreenshot(page, `unsubscribe-done-${width}`);
    });

    await expect
      .poll(async () => (await adminGet<AuditLog>('/api/admin/audit-log')).entries.filter((e) => e.kind === 'consent.opted-out'))
      .toEqual([
        // The link names the address by its keyed digest only (issue 24): no masked address to show.
        expect.objectContaining({
          actorKind: 'contact',
          actorId: '•••',
          summary: 'Opted out of marketing emails through the unsubscribe link',
        }),
      ]);

    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(app.url('/unsubscribe?token=not-a-real-token-at-all'));
    await page.getByTestId('unsubscribe-confirm').click();
    await page.getByTestId('unsubscribe-error').waitFor();
    expect(await page.getByTestId('unsubscribe-error').textContent()).toContain('The unsubscribe link is not valid');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'unsubscribe-error-1280');
  });
});
