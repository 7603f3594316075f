// Issue 14, item 3, end to end through the product's own routes: what an investor (who is
// also an affiliate) and the admin download is one ZIP whose data.json holds the subject's
// events opened with their keys, their read-model rows and their uploads' very bytes, and
// nothing of another investor.

import { validApplication, validLead } from '@acres/fixtures';
import { type Pool } from '@acres/platform';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readWholeLog, storedLog } from '@acres/eventstore/test';
import { makePng, send, setBusinessSettings, signUp, submitPayment, type Investor } from '../../../tests/browser/fixtures/api.ts';
import { registerAffiliate } from '../test/account-calls.ts';
import { waitFor } from '../test/spec-helpers.ts';
import { startStandaloneWithPool, stopStandaloneWithPool, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const adminAuthorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;
const ADA_PROOF = makePng(12, 9, [10, 90, 40], [230, 200, 120]);
const BOLA_PROOF = makePng(7, 7, [200, 20, 20], [20, 20, 200]);
const ADA_NOTES = 'Receipt matches the escrow statement of 14 May';

let server: StandaloneTestServer;
let pool: Pool;
let ada: Investor & { id: string };
let bola: Investor & { id: string };
let adaAffiliateId = '';
let adaPaymentId = '';
let bolaPaymentId = '';
let adaLeadId = '';
let adaApplicationId = '';

type Zip = { entries: Record<string, Uint8Array>; data: DataJson; summary: string; text: string };
type ExportedEvent = { position: string; streamId: string; type: string; data: Record<string, unknown> };
type DataJson = {
  requested: { kind: string; id: string };
  asOfPosition: string;
  subjects: { userIds: string[]; affiliateIds: string[]; applicationIds: string[]; leadIds: string[] };
  readModels: Record<string, Record<string, unknown>[]>;
  messages: Record<string, unknown>[];
  events: ExportedEvent[];
  files: { name: string; purpose: string; objectPath: string }[];
};

const admin = (path: string, authorization = adminAuthorization) =>
  fetch(new URL(path, server.url), { headers: { authorization } });
const mine = (who?: { cookie: string }) =>
  fetch(new URL('/api/me/data-export', server.url), { headers: who ? { cookie: who.cookie } : {} });

const unzip = async (response: Response): Promise<Zip> => {
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const data = JSON.parse(strFromU8(entries['data.json']!)) as DataJson;
  const summary = strFromU8(entries['summary.html']!);
  const text = Object.values(entries)
    .map((bytes) => Buffer.from(bytes).toString('latin1'))
    .join('\n');
  return { entries, data, summary, text };
};

const eventOf = (zip: Zip, type: string) => {
  const found = zip.data.events.filter((event) => event.type === type);
  expect(found, `${type} in data.json`).toHaveLength(1);
  return found[0]!;
};

const accepted = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

const whoAmI = async (who: Investor) =>
  ((await (await send(server.url, '/api/auth/user', { method: 'GET', cookie: who.cookie })).json()) as { id: string }).id;

beforeAll(async () => {
  ({ server, pool } = await startStandaloneWithPool({ adminUrl: inject('pgAdminUrl'), maxConnections: 2 }));
  await setBusinessSettings(server.url, adminAuthorization);
  // Ada confirms her email (the admin, by hand): her application made with it is hers. Bola does not.
  const adaSession = await signUp(server.url, 'Ada', 'Obi', { verifiedBy: adminAuthorization });
  const bolaSession = await signUp(server.url, 'Bola', 'Ade');
  ada = { ...adaSession, id: await whoAmI(adaSession) };
  bola = { ...bolaSession, id: await whoAmI(bolaSession) };
  adaAffiliateId = (await registerAffiliate(server.url, ada)).id;
  adaPaymentId = (await submitPayment(server.url, ada, 2, ADA_PROOF)).id;
  bolaPaymentId = (await submitPayment(server.url, bola, 3, BOLA_PROOF)).id;
  const decided = await fetch(new URL(`/api/admin/payments/${adaPaymentId}/status`, server.url), {
    method: 'PUT',
    headers: { authorization: adminAuthorization, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved', adminNotes: ADA_NOTES }),
  });
  expect(decided.status, await decided.clone().text()).toBe(200);
  adaLeadId = await accepted(
    await send(server.url, '/api/leads', { method: 'POST', json: validLead({ fullName: 'Ada Obi', email: ada.email }) }),
  );
  adaApplicationId = await accepted(
    await send(server.url, '/api/subscriptions', {
      method: 'POST',
      json: validApplication({ surname: 'Obi', firstName: 'Ada', email: ada.email, kinName: 'Ngozi Obi' }),
    }),
  );
  // Every read model has caught up once the application (the last write) is listed.
  await waitFor(
    async () =>
      (await (await send(server.url, '/api/subscriptions/mine', { method: 'GET', cookie: ada.cookie })).json()) as unknown[],
    (mineNow) => Array.isArray(mineNow) && mineNow.length === 1,
    'the application projected',
  );
  await waitFor(
    async () => (await (await send(server.url, '/api/payments', { method: 'GET', cookie: ada.cookie })).json()) as unknown[],
    (payments) => JSON.stringify(payments).includes('approved'),
    'the approval projected',
  );
}, 60_000);

afterAll(async () => {
  await stopStandaloneWithPool(server, pool);
});

describe('GET /api/me/data-export', () => {
  it('answers 401 without a session, and to a cookie that names none', async () => {
    expect((await mine()).status).toBe(401);
    expect((await mine({ cookie: `acres.sid=${'x'.repeat(43)}` })).status).toBe(401);
  });

  it('downloads one dated, uncached ZIP of data.json, summary.html and the uploaded proof', async () => {
    const response = await mine(ada);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="acres-data-user-${ada.id.slice(0, 8)}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const zip = await unzip(response);
    const proof = zip.data.files.find((file) => file.purpose === 'payment-proof')!;
    expect(Object.keys(zip.entries).sort()).toEqual(['data.json', proof.name, 'summary.html'].sort());
    expect(proof.name).toMatch(/^files\/payment-proof-[0-9a-f-]{36}\.png$/);
    expect(Buffer.from(zip.entries[proof.name]!).equals(ADA_PROOF)).toBe(true);
    expect(zip.data.requested).toEqual({ kind: 'user', id: ada.id });
    expect(BigInt(zip.data.asOfPosition)).toBeGreaterThan(0n);
  });

  it('holds the events opened with the subject’s keys, though the log stores them sealed', async () => {
    const zip = await unzip(await mine(ada));
    expect(eventOf(zip, 'UserRegistered').data).toMatchObject({ userId: ada.id, email: ada.email, lastName: 'Obi' });
    expect(eventOf(zip, 'PaymentApproved').data).toMatchObject({ paymentId: adaPaymentId, adminNotes: ADA_NOTES });
    expect(eventOf(zip, 'AffiliateRegistered').data).toMatchObject({ accountNumber: '0123456789', fullName: 'Ada Obi' });
    expect(eventOf(zip, 'SlotReserved').data).toMatchObject({ leadId: adaLeadId, notes: 'Call after 5pm' });
    expect(eventOf(zip, 'ApplicationSubmitted').data).toMatchObject({ applicationId: adaApplicationId, kinName: 'Ngozi Obi' });
    expect(zip.text).not.toContain('"$pii"');
    // The same events in the log: their personal fields are not there in clear.
    const rows = await readWholeLog(storedLog(pool), { types: ['UserRegistered', 'PaymentApproved', 'AffiliateRegistered'] });
    const stored = rows.map((row) => JSON.stringify(row.data)).join('\n');
    expect(stored).toContain('"$pii"');
    for (const secret of [ada.email, ADA_NOTES, '0123456789']) expect(stored).not.toContain(secret);
  });

  it('holds the read-model rows of the account, affiliate profile, lead, application and payments', async () => {
    const { data } = await unzip(await mine(ada));
    expect(data.subjects).toEqual({
      userIds: [ada.id],
      affiliateIds: [adaAffiliateId],
      applicationIds: [adaApplicationId],
      leadIds: [adaLeadId],
      emails: [ada.email],
      // The affiliate's typed number is not the account's until confirmed by a texted code
      // (issue 24, finding 3; phone-ownership.int.spec.ts exports a confirmed one).
      phones: [],
      keyHolders: expect.any(Array),
    });
    expect(data.readModels.payments!.map((row) => [row.id, row.status, row.admin_notes])).toEqual([
      [adaPaymentId, 'approved', ADA_NOTES],
    ]);
    expect(data.readModels.paymentHistory!.map((row) => row.type)).toEqual(['submitted', 'approved']);
    expect(data.readModels.affiliates!.map((row) => row.bank_name)).toEqual(['Access Bank']);
    expect(data.readModels.leads!.map((row) => row.id)).toEqual([adaLeadId]);
    expect(data.readModels.applications!.map((row) => row.kin_name)).toEqual(['Ngozi Obi']);
    // The messages sent to their email; not those to a number they typed but never confirmed.
    expect(data.messages.length).toBeGreaterThan(0);
    for (const message of data.messages) expect(message.recipient).toBe(ada.email);
    expect(data.messages.map((message) => message.kind)).toEqual(expect.arrayContaining(['lead-confirmation']));
  });

  it('holds nothing of another investor', async () => {
    const { text } = await unzip(await mine(ada));
    for (const other of [bola.id, bola.email, bolaPaymentId, 'Bola']) expect(text).not.toContain(other);
    expect(text).not.toContain(Buffer.from(BOLA_PROOF).toString('latin1'));
    const bolas = await unzip(await mine(bola));
    for (const other of [ada.id, ada.email, adaPaymentId, ADA_NOTES]) expect(bolas.text).not.toContain(other);
    expect(bolas.data.readModels.payments!.map((row) => row.id)).toEqual([bolaPaymentId]);
  });

  it('summarises it for a person: who, payments, applications, and where to ask for correction or erasure', async () => {
    const { summary } = await unzip(await mine(ada));
    expect(summary).toMatch(/^<!doctype html>/);
    expect(summary).not.toMatch(/<script|<link|src=/i);
    for (const part of ['Who you are', 'Ada Obi', ada.email, 'Payments', 'approved', 'Applications', 'Correction and erasure']) {
      expect(summary).toContain(part);
    }
    expect(summary).toContain('mailto:team@acres.example.test');
  });

  it('answers 429 once an account has downloaded its data 20 times in the hour', async () => {
    const chidi = await signUp(server.url, 'Chidi', 'Eze');
    const chidiId = await whoAmI(chidi);
    // Signed up is not yet projected: the admin's export (not counted) says when the account is there.
    await waitFor(
      () => admin(`/api/admin/data-export?kind=user&id=${chidiId}`),
      (response) => response.status === 200,
      'Chidi projected',
    );
    for (let n = 0; n < 20; n += 1) expect((await mine(chidi)).status).toBe(200);
    const refused = await mine(chidi);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/^Too many downloads of your data/);
    // Another account is counted on its own.
    expect((await mine(bola)).status).toBe(200);
  });
});

describe('GET /api/admin/data-export', () => {
  it('answers 401 without the admin’s credentials, even with an investor’s session', async () => {
    const url = `/api/admin/data-export?kind=user&id=${ada.id}`;
    expect((await fetch(new URL(url, server.url))).status).toBe(401);
    expect((await fetch(new URL(url, server.url), { headers: { cookie: ada.cookie } })).status).toBe(401);
    const wrong = `Basic ${Buffer.from(`${TEST_ADMIN.username}:not-the-password`).toString('base64')}`;
    expect((await admin(url, wrong)).status).toBe(401);
  });

  it.each([
    ['kind=investor&id=6b6f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f07', 'kind'],
    ['id=6b6f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f07', 'kind'],
    ['kind=user&id=not-a-uuid', 'id'],
    ['kind=user', 'id'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await admin(`/api/admin/data-export?${query}`);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: { field: string }[] };
    expect(problem.errors.map((error) => error.field)).toContain(field);
  });

  it.each(['user', 'affiliate', 'lead', 'application'])('answers 404 for an unknown %s', async (kind) => {
    const response = await admin(`/api/admin/data-export?kind=${kind}&id=6b6f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f07`);
    expect(response.status).toBe(404);
  });

  it('gives the payment’s investor (kind=user) what they download themselves, bytes and all', async () => {
    const response = await admin(`/api/admin/data-export?kind=user&id=${bola.id}`);
    expect(response.headers.get('content-disposition')).toContain(`acres-data-user-${bola.id.slice(0, 8)}-`);
    const zip = await unzip(response);
    const proof = zip.data.files.find((file) => file.purpose === 'payment-proof')!;
    expect(Buffer.from(zip.entries[proof.name]!).equals(BOLA_PROOF)).toBe(true);
    for (const other of [ada.id, ada.email, adaPaymentId]) expect(zip.text).not.toContain(other);
  });

  it('resolves an affiliate to their account, and a lead or an application to its own verified account', async () => {
    const affiliate = await unzip(await admin(`/api/admin/data-export?kind=affiliate&id=${adaAffiliateId}`));
    expect(affiliate.data.requested).toEqual({ kind: 'affiliate', id: adaAffiliateId });
    expect(affiliate.data.subjects.userIds).toEqual([ada.id]);
    expect(eventOf(affiliate, 'AffiliateRegistered').data).toMatchObject({ accountName: 'Ada Obi' });

    // Ada confirmed the email her lead and application carry: they are hers, and so is what her account holds.
    const lead = await unzip(await admin(`/api/admin/data-export?kind=lead&id=${adaLeadId}`));
    expect(lead.data.requested).toEqual({ kind: 'lead', id: adaLeadId });
    expect(lead.data.subjects).toMatchObject({ userIds: [ada.id], leadIds: [adaLeadId], applicationIds: [adaApplicationId] });
    expect(eventOf(lead, 'SlotReserved').data).toMatchObject({ email: ada.email, notes: 'Call after 5pm' });
    expect(lead.data.readModels.payments!.map((row) => row.id)).toEqual([adaPaymentId]);

    const application = await unzip(await admin(`/api/admin/data-export?kind=application&id=${adaApplicationId}`));
    expect(application.data.readModels.applications!.map((row) => row.id)).toEqual([adaApplicationId]);
    expect(eventOf(application, 'ApplicationSubmitted').data).toMatchObject({ dateOfBirth: '1985-04-12' });
    expect(application.data.subjects.userIds).toEqual([ada.id]);
  });
});
