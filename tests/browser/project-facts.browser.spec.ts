// The facts a buyer checks (issue 29, item 4) on the landing page at 390 and 1280 px: absent
// while the owner has set none (no empty heading, the footer's Contact column included), then
// the location with its map link, the title, the survey plan, the company and CAC number, and
// the photos, once set. axe and the overflow check on both.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePng } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { expectNoOverflow, expectNoSeriousA11yViolations } from './fixtures/audit';
import { saveScreenshot, VIEWPORTS } from './harness';

const app = useBrowserApp();

const FACTS = {
  projectLocation: 'Km 12, Lekki–Epe Expressway corridor, Ibeju-Lekki, Lagos State',
  projectMapUrl: 'https://maps.example.com/?q=6.4433,4.0143',
  titleType: 'Certificate of Occupancy',
  titleNumber: 'LA/2019/0456',
  surveyPlanNumber: 'LS/D/IB/1234',
  companyName: 'Corridor Land Partners Ltd',
  cacNumber: 'RC1234567',
};

/** A staff upload (the uploads slice's URL, then the bytes) as the owner: its object path. */
const uploadPhoto = async () => {
  const base = app.server.baseUrl;
  const headers = { authorization: app.adminAuthorization(), origin: base };
  const issued = await fetch(new URL('/api/objects/upload', base), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ purpose: 'due-diligence-document' }),
  });
  const { uploadURL } = (await issued.json()) as { uploadURL: string };
  const put = await fetch(new URL(uploadURL, base), {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'image/png' },
    body: new Uint8Array(makePng(160, 120, [24, 92, 60], [214, 186, 98])),
  });
  expect(put.status, await put.clone().text()).toBe(200);
  return ((await put.json()) as { objectPath: string }).objectPath;
};

const setFacts = async (values: Record<string, string>) => {
  const response = await fetch(new URL('/api/admin/settings', app.server.baseUrl), {
    method: 'PUT',
    headers: { authorization: app.adminAuthorization(), origin: app.server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({
      escrowBankName: '',
      escrowAccountName: '',
      escrowAccountNumber: '',
      contactPhone: '',
      contactWhatsapp: '',
      contactEmail: '',
      contactAddress: '',
      officeHours: '',
      ...values,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
};

const openLanding = async (viewport: { width: number; height: number }): Promise<Page> => {
  const page = await app.newPage(viewport);
  await page.goto(app.url('/'));
  await page.getByTestId('footer').waitFor();
  // The settings have arrived once the footer's company column is joined by what they hold, or not.
  await page.waitForLoadState('networkidle');
  return page;
};

describe('the facts a buyer checks, on the landing page', () => {
  it('shows no section and no empty heading while nothing is set', async () => {
    // A first PUT with every field empty: no contacts, no facts.
    await setFacts({ projectLocation: 'Set, then cleared' });
    await setFacts({ projectLocation: '' });
    for (const [name, viewport] of [
      ['390', VIEWPORTS.phone],
      ['1280', VIEWPORTS.desktop],
    ] as const) {
      const page = await openLanding(viewport);
      expect(await page.getByTestId('project').count()).toBe(0);
      const footer = page.getByTestId('footer');
      expect(await footer.getByRole('heading', { name: 'Contact' }).count()).toBe(0);
      expect(await footer.getByRole('heading', { name: 'Company' }).count()).toBe(1);
      await expectNoSeriousA11yViolations(page, `landing without facts ${name}`);
      await expectNoOverflow(page, `landing without facts ${name}`);
    }
  });

  it('shows the location with its map link, the title, the survey plan, the company and the photos once set', async () => {
    const photos = [await uploadPhoto(), await uploadPhoto()];
    await setFacts({ ...FACTS, projectPhotos: photos.join('\n') });
    for (const [name, viewport] of [
      ['390', VIEWPORTS.phone],
      ['1280', VIEWPORTS.desktop],
    ] as const) {
      const page = await openLanding(viewport);
      const section = page.getByTestId('project');
      await section.waitFor();
      expect(await section.getByTestId('fact-location').textContent()).toBe(FACTS.projectLocation);
      expect(await section.getByTestId('fact-map-link').getAttribute('href')).toBe(FACTS.projectMapUrl);
      expect(await section.getByTestId('fact-title').textContent()).toBe('Certificate of Occupancy, No. LA/2019/0456');
      expect(await section.getByTestId('fact-survey').textContent()).toBe('No. LS/D/IB/1234');
      expect(await section.getByTestId('fact-company').textContent()).toBe('Corridor Land Partners Ltd, CAC RC1234567');
      const images = section.getByTestId('project-gallery').locator('img');
      expect(await images.count()).toBe(2);
      await images.last().scrollIntoViewIfNeeded();
      await expect
        .poll(() => images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth)))
        .toEqual([160, 160]);
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `project-facts-${name}`, { fullPage: false });
      await expectNoSeriousA11yViolations(page, `landing with facts ${name}`);
      await expectNoOverflow(page, `landing with facts ${name}`);
    }
  });
});
