// Staff accounts (issue 27), walked once with each screen checked at 390 and 1280 px: the owner
// invites a sales member from the Staff tab; the invitation's link (from the loopback SMTP
// server, as the member reads their mail) sets a password and an authenticator (codes computed
// here with otplib); the member signs in with both, sees the leads but no payouts, settings,
// erasure or staff, and the API refuses those with 403; they work a lead from new to materials
// sent, the link reaches the lead's inbox, the lead opens a document and the view shows on the
// lead's timeline; the Audit log names the member and filters by their name; removing them ends
// their session.

import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validLead } from '@acres/fixtures';
import { expectStatus, send } from './fixtures/api';
import { expectNoSeriousA11yViolations } from './fixtures/audit';
import { addRoomDocument, reopenLeadDialog } from './fixtures/room';
import { useBrowserAppWithMail } from './fixtures/mail';
import { chooseOption } from './fixtures/select';
import { atBothWidths, attemptSuffix, checkAtBothWidths } from './fixtures/widths';
import { VIEWPORTS } from './harness';
import { readText } from './page-text';

const { app, fromInbox } = useBrowserAppWithMail();
const PASSWORD = 'sales desk 2026';
const TITLE = 'Certificate of Occupancy';

const stageOf = (page: Page) => page.getByTestId('lead-pipeline').getByTestId('lead-stage-badge').getAttribute('data-stage');

const codeAt = (secret: string, at: number) => generate({ secret, epoch: Math.floor(at / 1000) });

/** An admin call from the page itself, with the staff cookie the browser holds. */
const statusFromPage = (page: Page, method: string, path: string) =>
  page.evaluate(
    async ({ method, path }) =>
      (
        await fetch(path, {
          method,
          headers: { authorization: 'Session', 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { body: '{}' }),
        })
      ).status,
    { method, path },
  );

describe('staff accounts', () => {
  it('invites a sales member who enrols a second factor, signs in and sees only their areas, at 390 and 1280 px', async () => {
    await addRoomDocument(app.server.baseUrl, app.adminAuthorization(), { title: TITLE, category: 'title-verification' });
    const run = attemptSuffix();
    const member = { name: `Ngozi Eze ${run}`, email: `ngozi.${run}@acres.example` };
    const lead = validLead({ fullName: `Staff Lead ${run}`, email: `staff.lead.${run}@example.ng` });
    await expectStatus(await send(app.server.baseUrl, '/api/leads', { method: 'POST', json: lead }), 201);

    // The owner invites them from the Staff tab.
    const owner = await app.openAdmin(VIEWPORTS.desktop, 'staff');
    const ownerPage = owner.page;
    const form = ownerPage.getByTestId('staff-invite-form');
    await form.waitFor();
    await checkAtBothWidths(ownerPage, 'staff-tab');
    await form.getByLabel(/^Name/).fill(member.name);
    await form.getByLabel(/^Email/).fill(member.email);
    await ownerPage.getByTestId('staff-invite-submit').click();
    await expect.poll(() => readText(ownerPage.getByTestId('staff-panel'))).toContain(member.email);

    const token = decodeURIComponent(
      await fromInbox({
        kind: 'staff-invitation',
        to: member.email,
        pattern: /\/admin\/accept-invitation\?token=([A-Za-z0-9._~%-]+)/,
      }),
    );

    // The member accepts: a password, the authenticator's key, its first code.
    const page = await app.newPage(VIEWPORTS.phone);
    await page.goto(app.url(`/admin/accept-invitation?token=${encodeURIComponent(token)}`));
    const accept = page.getByTestId('staff-accept-form');
    await accept.waitFor();
    await page.getByTestId('totp-qr').waitFor();
    await checkAtBothWidths(page, 'staff-accept');
    const secret = (await readText(page.getByTestId('totp-secret'))).replaceAll(' ', '');
    await accept.getByLabel(/^Password/).fill(PASSWORD);
    await accept.getByLabel(/^Confirm password/).fill(PASSWORD);
    await accept.getByLabel(/^Code from the app/).fill(await codeAt(secret, Date.now()));
    await page.getByTestId('staff-accept-submit').click();
    await page.getByTestId('staff-recovery-codes').waitFor();
    await checkAtBothWidths(page, 'staff-recovery-codes', async () => {
      expect(await page.getByTestId('staff-recovery-code').count()).toBe(10);
    });

    // Then signs in: email and password, then the next code (the first one is spent).
    await page.getByTestId('staff-recovery-done').click();
    await page.getByTestId('staff-signin-form').waitFor();
    await checkAtBothWidths(page, 'staff-signin');
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByTestId('staff-signin-next').click();
    await page.getByTestId('staff-code-form').waitFor();
    await checkAtBothWidths(page, 'staff-signin-code');
    await page.getByLabel(/^Code/).fill(await codeAt(secret, Date.now() + 30_000));
    await page.getByTestId('staff-signin-submit').click();
    await page.getByTestId('tab-leads').waitFor();

    // Sales sees the leads and applications, not payments, payouts, settings, the audit or staff.
    await checkAtBothWidths(page, 'staff-sales-dashboard', async () => {
      for (const tab of ['leads', 'applications']) expect(await page.getByTestId(`tab-${tab}`).count()).toBe(1);
      for (const tab of ['payments', 'affiliates', 'operations', 'outbox', 'settings', 'audit', 'staff']) {
        expect(await page.getByTestId(`tab-${tab}`).count(), tab).toBe(0);
      }
    });

    // A reload keeps the staff member signed in: the acres.staff cookie is found again.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('acres.staff');
    await page.reload();
    await page.getByTestId('tab-leads').waitFor();
    expect(await page.getByTestId('admin-login').count()).toBe(0);
    expect(await readText(page.getByTestId('admin-username'))).toContain(member.name);

    // And the server refuses them, whatever the page shows.
    expect(await statusFromPage(page, 'GET', '/api/admin/leads')).toBe(200);
    expect(await statusFromPage(page, 'GET', '/api/admin/payouts/unpaid')).toBe(403);
    expect(await statusFromPage(page, 'GET', '/api/admin/settings')).toBe(403);
    expect(
      await statusFromPage(page, 'GET', '/api/admin/erasures/preview?kind=lead&id=0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a'),
    ).toBe(403);
    expect(await statusFromPage(page, 'POST', '/api/admin/staff')).toBe(403);

    // They work a lead: a call takes it from new to contacted, then the materials go out.
    await page.getByTestId('leads-search').fill(lead.fullName);
    const row = page.locator('[data-testid="lead-row"]:visible').filter({ hasText: lead.fullName }).first();
    await row.click();
    const leadDialog = page.getByTestId('lead-detail');
    await leadDialog.waitFor();
    expect(await stageOf(page)).toBe('new');
    await leadDialog.getByTestId('lead-activity-text').fill('Called; the due-diligence package follows');
    await leadDialog.getByTestId('lead-activity-submit').click();
    await expect.poll(() => stageOf(page)).toBe('contacted');
    await leadDialog.getByTestId('lead-send-materials').click();
    await leadDialog.getByTestId('lead-materials-link').filter({ hasText: 'Active' }).first().waitFor();
    await chooseOption(page, leadDialog.getByTestId('lead-stage-select'), 'Materials sent');
    await leadDialog.getByTestId('lead-stage-submit').click();
    await expect.poll(() => stageOf(page)).toBe('materials_sent');

    // The link reaches the lead's inbox; they open the page and the document.
    const path = await fromInbox({ kind: 'materials-sent', to: lead.email, pattern: /(\/materials\?token=[A-Za-z0-9._~%-]+)/ });
    const visitor = await app.newPage(VIEWPORTS.phone, { acceptDownloads: true });
    await visitor.goto(app.url(path));
    const document = visitor.getByTestId('room-document').filter({ hasText: TITLE });
    await document.waitFor();
    await Promise.all([visitor.waitForEvent('download'), document.getByTestId('room-document-download').click()]);

    // The view and the download show on the lead's timeline (the leadDialog reads it again when reopened).
    await expect
      .poll(
        async () => {
          await reopenLeadDialog(page, leadDialog, row, leadDialog.getByTestId('lead-timeline-entry'));
          return (await leadDialog.getByTestId('lead-timeline-entry').allTextContents()).join('\n');
        },
        { timeout: 20_000 },
      )
      .toContain(`Downloaded “${TITLE}”`);
    await checkAtBothWidths(page, 'staff-lead-timeline', async () => {
      const timeline = (await leadDialog.getByTestId('lead-timeline-entry').allTextContents()).join('\n');
      expect(timeline).toContain('Opened the materials page');
      expect(timeline).toContain('Sent the due-diligence materials');
    });
    await page.keyboard.press('Escape');

    // The owner's Audit log names the member, and finds their entries by name.
    await ownerPage.getByTestId('tab-audit').click();
    await ownerPage.getByLabel(/^Staff name, account or id/).fill(member.name);
    const rows = ownerPage.locator('[data-testid="audit-row"]:visible');
    // The filter applies after a pause in typing: their joining and their work on the lead (the invitation is the owner's).
    await expect
      .poll(async () => (await rows.allTextContents()).every((text) => text.includes(member.name)) && rows.count(), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(4);
    await checkAtBothWidths(ownerPage, 'staff-audit-log', async () => {
      const entries = (await rows.allTextContents()).join('\n');
      for (const kind of ['Staff member joined', 'Lead contact logged', 'Materials sent', 'Lead stage moved']) {
        expect(entries).toContain(kind);
      }
    });

    // The owner removes the member: asked first, then their session ends at once.
    await ownerPage.getByTestId('tab-staff').click();
    await ownerPage.getByTestId('staff-row').filter({ hasText: member.email }).getByTestId('staff-remove').click();
    const dialog = ownerPage.getByTestId('staff-remove-dialog');
    await dialog.waitFor();
    await atBothWidths(ownerPage, (viewport) =>
      expectNoSeriousA11yViolations(ownerPage, `staff-remove-dialog @${viewport.width}`),
    );
    await ownerPage.getByTestId('staff-remove-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await statusFromPage(page, 'GET', '/api/admin/leads')).toBe(401);
    await owner.context.close();
    expect(app.cspViolations()).toEqual([]);
  });
});
