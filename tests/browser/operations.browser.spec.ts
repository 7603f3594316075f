// Operations from the browser (issue 12 item 6): the admin rebuilds a projection and
// watches its progress bar reach done, and skips the poison event a projection stopped on,
// with a reason, after which it runs again. Each action is an event in the log.

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { positionOfEvent, readWholeLog, storedLog } from '@acres/eventstore/test';
import { appendEach, newEvent, slotReservedData } from '@acres/projector/test';
import { useBrowserApp } from './fixtures/app';
import { auditAtWidths } from './fixtures/audit';
import { atBothWidths } from './fixtures/widths';
import { saveScreenshot, VIEWPORTS } from './harness';
import { answerConfirmation } from './fixtures/confirm';
import { useAppEventLog } from './fixtures/event-log';

const app = useBrowserApp();
const log = useAppEventLog(app, { maxConnections: 3 });

beforeAll(async () => {
  await appendEach(
    log.eventStore,
    Array.from({ length: 40 }, (_, n) => newEvent('SlotReserved', slotReservedData(n))),
  );
});

/** The desktop table's row of a projection. */
const rowOf = (page: Page, name: string): Locator =>
  page.getByTestId('operations-row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** The status table is fetched on Refresh (it is not polled): press it until the row says so. */
const refreshUntil = async (page: Page, name: string, state: string) =>
  expect
    .poll(
      async () => {
        await page.getByTestId('operations-refresh').click();
        return rowOf(page, name).locator('td').first().textContent();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(state);

const leadsTable = async () => (await log.pool.query('SELECT * FROM leads ORDER BY id')).rows.map((row) => JSON.stringify(row));

describe('the Operations tab', () => {
  it("opens from the link in the admin's projection-stopped alert (/admin?tab=operations), at 390 and 1280 px", async () => {
    const { context, page } = await app.openPage(VIEWPORTS.phone);
    try {
      await page.goto(app.url('/admin?tab=operations'));
      await app.signInAdmin(page);
      await page.getByTestId('operations-refresh').waitFor();
      await atBothWidths(page, async (viewport) => {
        expect(await page.getByTestId('tab-operations').getAttribute('data-state')).toBe('active');
        // The tabs are on the first screen, the operations panel under them.
        const tabs = await page.getByTestId('tab-operations').boundingBox();
        expect(tabs!.y).toBeGreaterThanOrEqual(0);
        expect(tabs!.y + tabs!.height).toBeLessThanOrEqual(viewport.height);
        // Plain words: no log position on the staff screen.
        expect(await page.getByTestId('operations-panel').textContent()).not.toContain('Head of the log');
        await saveScreenshot(page, `operations-deep-link-${viewport.width}`, { fullPage: false });
      });
    } finally {
      await context.close();
    }
  });

  it('rebuilds a projection with a live progress bar that reaches done, and the read model is the same', async () => {
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'operations');
    try {
      await refreshUntil(page, 'leads', 'Running');
      await expect.poll(async () => (await log.pool.query('SELECT count(*)::int AS n FROM leads')).rows[0].n).toBe(40);
      const before = await leadsTable();
      const row = rowOf(page, 'leads');
      // Holding the table keeps the rebuild at its start long enough to see it running.
      const blocker = await log.pool.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('LOCK TABLE leads IN ACCESS EXCLUSIVE MODE');
        await row.getByTestId('rebuild-leads').click();
        expect(await answerConfirmation(page, 'rebuild-confirm')).toContain('Rebuild leads?');
        const progress = row.getByTestId('rebuild-progress');
        await expect.poll(() => progress.getAttribute('data-status'), { timeout: 20_000 }).toBe('running');
        await expect.poll(() => row.getByTestId('rebuild-leads').isDisabled()).toBe(true);
        await saveScreenshot(page, 'operations-rebuilding-1280');
        await blocker.query('COMMIT');
      } finally {
        await blocker.query('ROLLBACK').catch(() => {});
        blocker.release();
      }
      const bar = row.getByRole('progressbar', { name: 'Rebuild of leads' });
      await expect.poll(() => row.getByTestId('rebuild-progress').getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
      expect(await bar.getAttribute('aria-valuenow')).toBe('100');
      expect(await row.getByTestId('rebuild-progress').textContent()).toContain('Rebuilt and swapped in');
      expect(await row.getByTestId('rebuild-leads').isEnabled()).toBe(true);
      expect(await leadsTable()).toEqual(before);
      const recent = page.getByTestId('recent-operation').first();
      expect(await recent.textContent()).toContain('Rebuild leads');
      expect(await recent.textContent()).toContain('admin:admin');

      const rows = (await readWholeLog(storedLog(log.pool), { streamIds: ['projection-leads'] })).map((event) => ({
        type: event.type,
        data: event.data as { requestedBy: string },
      }));
      expect(rows.map((event) => event.type)).toEqual(['ProjectionRebuildRequested', 'ProjectionRebuildCompleted']);
      expect(rows.every((event) => event.data.requestedBy === 'admin:admin')).toBe(true);
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        await saveScreenshot(page, `operations-rebuilt-${viewport.width}`, { fullPage: true });
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  it('skips the poison event a projection stopped on, with a reason, and the projection runs again', async () => {
    const poison = newEvent('SlotReserved', slotReservedData(900, { fullName: '', intendedAcres: 'lots' }));
    await appendEach(log.eventStore, [poison]);
    await appendEach(log.eventStore, [newEvent('SlotReserved', slotReservedData(901))]);
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'operations');
    try {
      await refreshUntil(page, 'leads', 'Failed');
      const row = rowOf(page, 'leads');
      const position = (await positionOfEvent(storedLog(log.pool), poison.id)).toString();
      // When it stopped, in Lagos time; never the log's position.
      expect(await row.textContent()).toMatch(/Stopped on SlotReserved at \d{1,2} \w{3} \d{4}, \d{2}:\d{2} WAT/);
      expect(await row.textContent()).not.toContain('position');
      await auditAtWidths(page, 'admin-operations-failed').then((problems) => expect(problems).toEqual([]));
      await page.setViewportSize(VIEWPORTS.desktop);

      await row.getByTestId('skip-leads').click();
      const dialog = page.getByTestId('skip-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).not.toContain(position);
      expect(await dialog.textContent()).toMatch(
        /The leads projection stopped on a SlotReserved event at \d{1,2} \w{3} \d{4}, \d{2}:\d{2} WAT\. Skipping/,
      );
      // The reason is required.
      await dialog.getByTestId('skip-confirm').click();
      await expect.poll(() => dialog.textContent()).toContain('Say why the event is parked');
      expect(await auditAtWidths(page, 'skip-dialog')).toEqual([]);
      await page.setViewportSize(VIEWPORTS.desktop);

      const reason = 'intendedAcres was typed as text by an old import';
      await dialog.getByTestId('skip-reason').fill(reason);
      await dialog.getByTestId('skip-confirm').click();
      await dialog.waitFor({ state: 'detached', timeout: 60_000 });
      await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Event skipped');
      await refreshUntil(page, 'leads', 'Running');
      await expect.poll(async () => (await log.pool.query('SELECT count(*)::int AS n FROM leads')).rows[0].n).toBe(41);
      const recent = page.getByTestId('recent-operation').first();
      expect(await recent.textContent()).toContain('Skip leads');
      expect(await recent.textContent()).toContain(reason);

      const parked = await log.pool.query('SELECT projection, event_id::text AS event_id, reason FROM projection_dead_letters');
      expect(parked.rows).toEqual([{ projection: 'leads', event_id: poison.id, reason }]);
      const skipped = (await readWholeLog(storedLog(log.pool), { types: ['PoisonEventSkipped'] })).map(({ data, metadata }) => ({
        data,
        metadata,
      }));
      expect(skipped).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({ projection: 'leads', reason, skippedBy: 'admin:admin', eventId: poison.id }),
          metadata: expect.objectContaining({ actor: { kind: 'admin', id: 'admin' } }),
        }),
      ]);
    } finally {
      await context.close();
    }
  }, 180_000);
});

it('reports no Content-Security-Policy violation on any page', () => {
  expect(app.cspViolations()).toEqual([]);
});
