// Issue 29, item 4, through real HTTP against the product as `npm start` composes it: the
// owner sets the facts a buyer checks (location, map link, title, survey plan, company and CAC
// number, photos) and the business terms; each change is an event naming who made it; bad
// values are refused naming the field; the site reads them, and the server checks by the terms.

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_BUSINESS_TERMS, SETTINGS_MESSAGES, TERMS_MESSAGES, type PublicSettings } from '@acres/contracts';
import { mayCallAdminPath, STAFF_ROLES } from '@acres/contracts/staff-roles';
import { createPostgresEventStore } from '@acres/eventstore';
import { NO_PROJECT_FACTS, validApplication, validLead } from '@acres/fixtures';
import { makePng, send, TEST_SETTINGS } from '../../../tests/browser/fixtures/api.ts';
import { createRoomCalls, pdfBytes } from '../test/room-calls.ts';
import { adminFetch, waitFor } from '../test/spec-helpers.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

let server: StandaloneTestServer;
let pool: pg.Pool;
let room: ReturnType<typeof createRoomCalls>;

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl') });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  room = createRoomCalls(server.url);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await server?.close();
});

type Problem = { status: number; detail: string; errors?: { field: string; message: string }[] };

/** The Settings form as the tab sends it: the first fields always, the later ones as given. */
const put = (json: Record<string, string>) =>
  adminFetch(server.url, '/api/admin/settings', { method: 'PUT', json: { ...TEST_SETTINGS, ...json } });
const publicSettings = async () => (await (await fetch(new URL('/api/settings', server.url))).json()) as PublicSettings;
const settingsEvents = () => createPostgresEventStore({ pool }).readStream('settings');

const FACTS = {
  projectLocation: 'Plot 12, Lekki Free Trade Zone corridor, Ibeju-Lekki, Lagos',
  projectMapUrl: 'https://maps.example.com/?q=6.4433,4.0143',
  titleType: 'Certificate of Occupancy',
  titleNumber: 'LA/2019/0456',
  surveyPlanNumber: 'LS/D/IB/1234',
  companyName: 'Corridor Land Partners Ltd',
  cacNumber: 'rc 123-4567',
};

describe('the facts a buyer checks, and the business terms', () => {
  it('shows nothing of a fact never set, and SPEC terms until the owner sets others', async () => {
    const settings = await publicSettings();
    expect(settings.project).toEqual(NO_PROJECT_FACTS);
    expect(settings.terms).toEqual(DEFAULT_BUSINESS_TERMS);
  });

  it('is the owner’s: no credentials is 401, and no other role may reach the Settings routes', async () => {
    const response = await fetch(new URL('/api/admin/settings', server.url), {
      method: 'PUT',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify(FACTS),
    });
    expect(response.status).toBe(401);
    expect(STAFF_ROLES.filter((role) => mayCallAdminPath(role, '/api/admin/settings'))).toEqual(['owner']);
  });

  it('refuses bad values with 400, naming each field and the reason, and records nothing', async () => {
    const before = (await settingsEvents()).length;
    const response = await put({
      projectMapUrl: 'http://maps.example.com/?q=6.44,4.01',
      cacNumber: 'AB123456',
      projectAcres: 'two hundred',
      pricePerAcre: '5000000',
      retailPricePerAcre: '4000000',
      partnerCap: '0',
      minimumAcres: '20',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const { errors } = (await response.json()) as Problem;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'projectMapUrl', message: SETTINGS_MESSAGES.projectMapUrl },
        { field: 'cacNumber', message: SETTINGS_MESSAGES.cacNumber },
        { field: 'projectAcres', message: SETTINGS_MESSAGES.projectAcres },
        { field: 'partnerCap', message: SETTINGS_MESSAGES.partnerCap },
      ]),
    );
    const together = await put({
      pricePerAcre: '5000000',
      retailPricePerAcre: '4000000',
      projectAcres: '10',
      partnerCap: '',
      minimumAcres: '20',
    });
    expect(together.status).toBe(400);
    expect(((await together.json()) as Problem).errors).toEqual([
      { field: 'retailPricePerAcre', message: TERMS_MESSAGES.retailNotAbove },
      { field: 'minimumAcres', message: TERMS_MESSAGES.minimumAboveProject },
    ]);
    expect(await settingsEvents()).toHaveLength(before);
  });

  it('takes only a staff-uploaded image into the gallery', async () => {
    const pdf = await room.uploadDocumentFile(pdfBytes());
    const response = await put({ projectPhotos: pdf });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Problem).errors).toEqual([
      { field: 'projectPhotos', message: `${SETTINGS_MESSAGES.projectPhotos}: photo 1 is not one` },
    ]);
    const unknown = await put({ projectPhotos: '/objects/uploads/0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a' });
    expect(unknown.status).toBe(400);
  });

  it('records the owner’s facts, photos and terms as one event naming them, and the site shows them', async () => {
    const photo = await room.uploadDocumentFile(makePng(8, 6, [20, 80, 40], [200, 180, 90]));
    const response = await put({
      ...FACTS,
      projectPhotos: photo,
      pricePerAcre: '4,000,000',
      minimumAcres: '5',
      partnerCap: '12',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const last = (await settingsEvents()).at(-1)!;
    expect(last.metadata.actor).toEqual({ kind: 'admin', id: TEST_ADMIN.username });
    expect(last.data).toMatchObject({ source: 'admin', changedBy: TEST_ADMIN.username });
    expect((last.data as { changes: { field: string; to: string }[] }).changes).toEqual(
      expect.arrayContaining([
        { field: 'cacNumber', from: null, to: 'RC1234567' },
        { field: 'pricePerAcre', from: null, to: '4000000' },
        { field: 'projectPhotos', from: null, to: photo },
      ]),
    );
    const settings = await waitFor(publicSettings, (s) => s.project.location !== null, 'the facts on the site');
    expect(settings.project).toEqual({
      location: FACTS.projectLocation,
      mapUrl: FACTS.projectMapUrl,
      titleType: FACTS.titleType,
      titleNumber: FACTS.titleNumber,
      surveyPlanNumber: FACTS.surveyPlanNumber,
      companyName: FACTS.companyName,
      cacNumber: 'RC1234567',
      photos: [{ url: `/api/project-photos/${photo.split('/').at(-1)}` }],
    });
    expect(settings.terms).toEqual({ ...DEFAULT_BUSINESS_TERMS, pricePerAcre: 4_000_000, minimumAcres: 5, partnerCap: 12 });
    const image = await fetch(new URL(settings.project.photos[0]!.url, server.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves no upload that is not in the gallery in force', async () => {
    const other = await room.uploadDocumentFile(makePng(4, 4, [0, 0, 0], [255, 255, 255]));
    const response = await fetch(new URL(`/api/project-photos/${other.split('/').at(-1)}`, server.url));
    expect(response.status).toBe(404);
  });

  it('checks leads and applications by the terms in force', async () => {
    const lead = await send(server.url, '/api/leads', { method: 'POST', json: validLead({ intendedAcres: 4 }) });
    expect(lead.status).toBe(400);
    expect(((await lead.json()) as Problem).errors).toEqual([
      { field: 'intendedAcres', message: 'The minimum allocation is 5 acres' },
    ]);
    // SPEC 7's payload states '3.5M' and keeps working; the lead records the price in force.
    const accepted = await send(server.url, '/api/leads', { method: 'POST', json: validLead({ intendedAcres: 5 }) });
    expect(accepted.status).toBe(201);
    const { id } = (await accepted.json()) as { id: string };
    const [reserved] = await createPostgresEventStore({ pool }).readStream(`lead-${id}`);
    expect(reserved?.data).toMatchObject({ priceBand: '4M' });
    const wrongBand = await send(server.url, '/api/leads', {
      method: 'POST',
      json: validLead({ intendedAcres: 5, priceBand: '2M' }),
    });
    expect(((await wrongBand.json()) as Problem).errors).toEqual([{ field: 'priceBand', message: "Price band must be '4M'" }]);
    const stale = await send(server.url, '/api/subscriptions', {
      method: 'POST',
      json: validApplication({ email: 'stale.price@example.com', acresSubscribed: 5, subscriptionValue: 17_500_000 }),
    });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as Problem).errors).toEqual([
      { field: 'subscriptionValue', message: 'Subscription value must equal acres × ₦4,000,000 (₦20,000,000 for 5 acres)' },
    ]);
    const priced = await send(server.url, '/api/subscriptions', {
      method: 'POST',
      json: validApplication({ email: 'new.price@example.com', acresSubscribed: 5, subscriptionValue: 20_000_000 }),
    });
    expect(priced.status, await priced.clone().text()).toBe(201);
  });

  it('a photo taken out of the gallery stops being served', async () => {
    const before = await publicSettings();
    expect((await put({ projectPhotos: '' })).status).toBe(200);
    await waitFor(publicSettings, (s) => s.project.photos.length === 0, 'the gallery emptied');
    expect((await fetch(new URL(before.project.photos[0]!.url, server.url))).status).toBe(404);
  });

  it('serves the public pages with the owner’s terms in their HTML, before any JavaScript runs', async () => {
    const terms = {
      pricePerAcre: '4,250,000',
      retailPricePerAcre: '8,100,000',
      projectAcres: '240',
      minimumAcres: '5',
      partnerCap: '12',
    };
    expect((await put({ ...FACTS, ...terms })).status).toBe(200);
    const page = async (route: string) => {
      const response = await fetch(new URL(route, server.url));
      expect(response.status).toBe(200);
      const html = await response.text();
      return html.slice(html.indexOf('<div id="root"'));
    };
    // What a phone paints before its JavaScript has run: the owner's figures, none of SPEC's.
    const landing = await waitFor(
      () => page('/'),
      (html) => html.includes('₦4.25M'),
      'the landing at the owner’s price',
    );
    for (const owners of ['₦8.1M', '240', '12']) expect(landing).toContain(owners);
    for (const spec of ['₦3.5M', '₦7.5M', '200 acres', '10 partner']) expect(landing).not.toContain(spec);
    // #root carries what it was rendered with: the client's first render (hydration) starts from it.
    expect(landing).toMatch(/^<div id="root" data-prerendered="\/" data-settings="[^"]*&quot;pricePerAcre&quot;:4250000/);
    const affiliate = await page('/affiliate');
    expect(affiliate).toContain('₦4.25M');
    expect(affiliate).not.toContain('₦3.5M');
  });
});
