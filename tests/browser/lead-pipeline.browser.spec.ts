// The lead pipeline from the browser (issue 27 item 2), each screen at 390 and 1280 px: the
// admin works a lead from new to contacted to materials sent in its dialog (lost asks why), a
// lead past its 24 hours is flagged above the list and alerted, and the overview's funnel shows
// what the API made.

import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendEach, newEvent, slotReservedData } from '@acres/projector/test';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import { expectStatus, send } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { chooseOption } from './fixtures/select';
import { clickAndAwaitPost } from './fixtures/posted';
import { atBothWidths } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS } from './harness';
import { useAppEventLog } from './fixtures/event-log';

// Sweeps every 5 s (the least allowed), so the overdue lead's alert is planned within the spec.
const app = useBrowserApp({ env: { NOTIFY_SWEEP_SECONDS: '5' } });
const OVERDUE_NAME = 'Overdue Okoro';
const log = useAppEventLog(app, { maxConnections: 2 });

// A retried test must not find the lead its failed attempt made, so every name is this attempt's own.
const uniqueName = (name: string) => `${name} ${randomUUID().slice(0, 4).toUpperCase()}`;

const reserve = async (fullName: string) => {
  const response = await send(app.server.baseUrl, '/api/leads', {
    method: 'POST',
    json: {
      fullName,
      email: `${randomUUID().slice(0, 8)}@example.ng`,
      phone: '+234 803 123 4567',
      role: 'Investor',
      intendedAcres: 25,
      commitment: 'Immediately',
      consent: true,
      consentVersion: LEAD_CONSENT_TEXT.version,
    },
  });
  await expectStatus(response, 201);
  return (await response.json()) as { id: string; position: string };
};

beforeAll(async () => {
  // A lead that arrived 30 hours ago and nobody contacted: written to the log as the product would have then.
  const reservedAt = new Date(Date.now() - 30 * 60 * 60 * 1000).toISOString();
  await appendEach(log.eventStore, [newEvent('SlotReserved', slotReservedData(1, { fullName: OVERDUE_NAME, reservedAt }))]);
});

const stageOf = (page: Page) => page.getByTestId('lead-pipeline').getByTestId('lead-stage-badge').getAttribute('data-stage');

/** Walks the lead at 390 px; each screen is checked at 390 and 1280 px on the same page. */
const workLead = async (name: string) => {
  const { context, page } = await app.openAdmin(VIEWPORTS.phone, 'leads');
  try {
    // Past its 24 hours and still new: above the list, and flagged in it (a card on a phone, a
    // table row on a desktop).
    await atBothWidths(page, async () => {
      await expect.poll(() => page.getByTestId('overdue-leads').textContent(), { timeout: 20_000 }).toContain(OVERDUE_NAME);
      // The overdue panel and the list load apart: wait for the list's row to carry its flag.
      const overdueRow = page.locator('[data-testid="lead-row"]:visible', { hasText: OVERDUE_NAME });
      await expect.poll(() => overdueRow.getByTestId('lead-overdue-badge').count(), { timeout: 20_000 }).toBe(1);
    });

    await page.locator('[data-testid="lead-row"]:visible', { hasText: name }).click();
    const dialog = page.getByTestId('lead-detail');
    await dialog.waitFor();
    await atBothWidths(page, async ({ width }) => {
      expect(await stageOf(page)).toBe('new');
      await expectNoSeriousA11yViolations(page, `the lead dialog at ${width} px`);
    });

    await dialog.getByTestId('lead-activity-text').fill('Called; sending the due-diligence pack today');
    expect((await clickAndAwaitPost(page, 'lead-activity-submit', '/activities')).status()).toBe(201);
    await expect.poll(() => stageOf(page)).toBe('contacted');

    await chooseOption(page, dialog.getByTestId('lead-stage-select'), 'Lost');
    await dialog.getByTestId('lead-stage-submit').click();
    await expect.poll(() => dialog.getByRole('alert').first().textContent()).toBe('Say why the lead is lost');

    await chooseOption(page, dialog.getByTestId('lead-stage-select'), 'Materials sent');
    await dialog.getByTestId('lead-stage-submit').click();
    await expect.poll(() => stageOf(page)).toBe('materials_sent');
    await atBothWidths(page, async ({ width }) => {
      await expect
        .poll(() => dialog.getByTestId('lead-timeline-entry').allTextContents())
        .toEqual([
          expect.stringContaining('Reserved a slot'),
          expect.stringContaining('Called; sending the due-diligence pack today'),
          expect.stringContaining('New → Contacted'),
          expect.stringContaining('Contacted → Materials sent'),
        ]);
      await expectNoSeriousA11yViolations(page, `the lead dialog with its timeline at ${width} px`);
      await expectNoOverflow(page, `the lead dialog at ${width} px`);
      await saveScreenshot(page, `lead-pipeline-dialog-${width}`, { fullPage: false });
    });
  } finally {
    await context.close();
  }
};

describe('the lead pipeline in the admin area', () => {
  it('works a lead from new to contacted to materials sent, the overdue lead flagged, at 390 and 1280 px', async () => {
    const name = uniqueName('Pipeline Lead');
    await reserve(name);
    await workLead(name);
  });

  it('alerts the overdue lead once, to the team while nobody owns it', async () => {
    type Outbox = { messages: { kind: string; subject: string | null }[] };
    const alerts = async () =>
      (await app.adminGet<Outbox>('/api/admin/outbox')).messages.filter((m) => m.kind === 'admin-overdue-lead');
    await expect.poll(alerts, { timeout: 30_000, interval: 500 }).toHaveLength(1);
    expect((await alerts())[0]!.subject).toBe(`Not contacted in 24 hours: lead from ${OVERDUE_NAME}`);
  });

  it("the overview's funnel shows the figures the API reports for leads it made", async () => {
    type Metrics = {
      funnel: { step: string; leads: number }[];
      firstContact: { shareWithin24Hours: number | null; within24Hours: number; due: number };
    };
    // Measured against what the other tests (or a failed attempt of this one) left, so it owns its leads.
    const before = await app.adminGet<Metrics>('/api/admin/leads/metrics');
    const adminPost = async (path: string, body: unknown) => {
      const response = await fetch(new URL(path, app.server.baseUrl), {
        method: 'POST',
        headers: { authorization: app.adminAuthorization(), origin: app.server.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response;
    };
    const contacted = await reserve(uniqueName('Contacted Through The Api'));
    await expectStatus(
      await adminPost(`/api/admin/leads/${contacted.id}/activities`, { kind: 'call', text: 'Asked for the survey plan' }),
      201,
    );
    const applied = await reserve(uniqueName('Applied Through The Api'));
    const moved = await adminPost(`/api/admin/leads/${applied.id}/stage`, { stage: 'applied' });
    await expectStatus(moved, 200);
    const { position } = (await moved.json()) as { position: string };
    const metrics = await app.adminGet<Metrics>('/api/admin/leads/metrics', position);
    // Two more leads, both contacted (applying counts as contact), one applied, none paid.
    const counts = metrics.funnel.map((step) => step.leads);
    expect(counts).toEqual(before.funnel.map((step, index) => step.leads + [2, 2, 1, 0][index]!));
    const { shareWithin24Hours: share } = metrics.firstContact;
    expect(share).not.toBeNull();

    const { context, page } = await app.openAdmin(VIEWPORTS.phone, 'leads');
    try {
      await atBothWidths(page, async ({ width }) => {
        const table = page.getByTestId('chart-lead-funnel-table');
        await expect.poll(() => table.locator('tbody td').allTextContents(), { timeout: 20_000 }).toEqual(counts.map(String));
        expect(await page.getByTestId('lead-within-24h-value').textContent()).toBe(`${Math.round(share! * 100)}%`);
        await expectNoOverflow(page, `the overview at ${width} px`);
        await expectNoSeriousA11yViolations(page, `the overview at ${width} px`);
        await saveScreenshot(page, `lead-metrics-${width}`);
      });
    } finally {
      await context.close();
    }
    expect(app.cspViolations()).toEqual([]);
  });
});
