// The due-diligence room (issue 27, item 3) at a phone's and a laptop's width: staff upload a
// PDF in the Documents tab, send the materials from a lead's dialog, the personal link arrives
// at a loopback SMTP server, the lead opens it and downloads the document, and the admin sees
// the view and the download on the lead. axe on the new screens.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validLead } from '@acres/fixtures';
import { expectStatus, send } from './fixtures/api';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { chooseOption } from './fixtures/select';
import { pdfBytes, reopenLeadDialog } from './fixtures/room';
import { useBrowserAppWithMail } from './fixtures/mail';
import { saveScreenshot, VIEWPORTS, waitForExpression } from './harness';

const { app, fromInbox } = useBrowserAppWithMail();

const waitForText = (locator: Locator, text: string | RegExp) => locator.filter({ hasText: text }).first().waitFor();
const settle = (page: Page) => waitForExpression(page, "document.getAnimations().every((a) => a.playState !== 'running')");

/** The materials link of the latest email to the address: its path (no PUBLIC_URL here). */
const emailedPath = (email: string) =>
  fromInbox({ kind: 'materials-sent', to: email, pattern: /(\/materials\?token=[A-Za-z0-9._~%-]+)/, timeout: 30_000 });

describe('the due-diligence room', () => {
  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    it(`at ${viewport.width} px: staff upload a PDF and send it; the lead opens the link and downloads it; the admin sees both`, async () => {
      const title = `Survey plan (${name})`;
      const lead = validLead({ fullName: `Room Lead ${name}`, email: `room.${name}@example.ng` });
      await expectStatus(await send(app.server.baseUrl, '/api/leads', { method: 'POST', json: lead }), 201);

      // The landing promises the package only once a document is in the room (the phone runs first).
      const landing = await app.newPage(viewport);
      await landing.goto(app.url('/'));
      await expect
        .poll(() => landing.locator('#cta').textContent())
        .toContain(
          name === 'phone'
            ? 'the due-diligence package is being prepared, and you will receive it before you commit a single naira.'
            : 'receive the full due-diligence package before you commit a single naira.',
        );

      const { context, page: admin } = await app.openAdmin(viewport, 'documents');
      try {
        const panel = admin.getByTestId('documents-panel');
        await panel.waitFor();
        await panel.getByTestId('document-title').locator('input').fill(title);
        await chooseOption(admin, panel.getByTestId('document-category'), 'Survey plans');
        await panel
          .getByTestId('document-file')
          .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: pdfBytes(name) });
        await panel.getByTestId('document-upload').click();
        const item = panel.getByTestId('document-item').filter({ hasText: title });
        await waitForText(item.getByTestId('document-version'), 'Version 1');
        expect(await item.getByTestId('document-version').first().textContent()).toContain('PDF');
        await settle(admin);
        await expectNoSeriousA11yViolations(admin, `documents ${name}`);
        await expectNoOverflow(admin, `documents ${name}`);
        await saveScreenshot(admin, `room-documents-${name}`);

        await admin.getByTestId('tab-leads').click();
        await admin.getByTestId('leads-search').fill(lead.fullName);
        await admin.locator('[data-testid="lead-row"]:visible').filter({ hasText: lead.fullName }).first().click();
        const dialog = admin.getByTestId('lead-detail');
        await dialog.getByTestId('lead-send-materials').click();
        await waitForText(dialog.getByTestId('lead-materials-link'), 'Active');
        await settle(admin);
        await expectNoSeriousA11yViolations(admin, `lead dialog ${name}`);

        const path = await emailedPath(lead.email);
        const visitor = await app.newPage(viewport, { acceptDownloads: true });
        const opened = await visitor.goto(app.url(path));
        expect(opened?.status()).toBe(200);
        const document = visitor.getByTestId('room-document').filter({ hasText: title });
        await document.waitFor();
        await settle(visitor);
        await expectNoSeriousA11yViolations(visitor, `materials page ${name}`);
        await expectNoOverflow(visitor, `materials page ${name}`);
        await saveScreenshot(visitor, `room-materials-${name}`);
        const [download] = await Promise.all([
          visitor.waitForEvent('download'),
          document.getByTestId('room-document-download').click(),
        ]);
        expect(download.suggestedFilename()).toBe(`${title}.pdf`);

        // The dialog reads the lead's materials again each time it opens.
        const row = admin.locator('[data-testid="lead-row"]:visible').filter({ hasText: lead.fullName }).first();
        await expect
          .poll(
            async () => {
              await reopenLeadDialog(admin, dialog, row, dialog.getByTestId('lead-materials-link'));
              return dialog.getByTestId('lead-materials-use').first().textContent();
            },
            { timeout: 20_000 },
          )
          .toBe('1 view, 1 download');
      } finally {
        await context.close();
      }
    });
  }

  it('raises no CSP violation', () => {
    expect(app.cspViolations()).toEqual([]);
  });
});
