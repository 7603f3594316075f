// Issue 27, item 3: the due-diligence room through real HTTP against the product as `npm start`
// composes it, email delivered to a loopback SMTP server. Staff upload the package's documents
// (the bytes decide their type), send a lead a personal link that expires and can be revoked,
// and every view and download through it is an event against the lead.

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  MATERIALS_MESSAGES,
  type AdminAuditLogResponse,
  type AdminDocuments,
  type LeadMaterials,
  type LeadTimelineResponse,
  type MaterialsPage,
} from '@acres/contracts';
import { createPostgresEventStore } from '@acres/eventstore';
import { testEvent } from '@acres/eventstore/test';
import { parseMail, startSmtpServer } from '@acres/notifier/test';
import { mintMaterialsLinkToken } from '@acres/platform/signing';
import { makePng, send, setBusinessSettings, signUp, submitPayment } from '../../../tests/browser/fixtures/api.ts';
import { createRoomCalls, pdfBytes, pngBytes } from '../test/room-calls.ts';
import { TEST_ADMIN_AUTHORIZATION, waitFor } from '../test/spec-helpers.ts';
import { createStaffCalls, type StaffInit, type StaffMember } from '../test/staff-calls.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const LINK_SECRET = 'room-spec-link-signing-secret-0123456789abcdef';
const MATERIALS_LINK = /https:\/\/acres\.example\/materials\?token=([A-Za-z0-9._~%-]+)/;

let server: StandaloneTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let pool: pg.Pool;
let room: ReturnType<typeof createRoomCalls>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startStandaloneForTest({
    adminUrl: inject('pgAdminUrl'),
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Acres <hello@acres.example>',
      PUBLIC_URL: 'https://acres.example',
      LINK_SIGNING_SECRET: LINK_SECRET,
    },
  });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  room = createRoomCalls(server.url);
  // Before any document is in the room: its confirmation must not promise the package.
  await room.addLead(EARLY_LEAD);
});
afterAll(async () => {
  await pool?.end();
  await server?.close();
  await smtp?.close();
});

const problemOf = async (response: Response) => (await response.json()) as { detail: string; errors?: { field: string }[] };
const streamOf = (streamId: string) => createPostgresEventStore({ pool }).readStream(streamId);

const listDocuments = async () => (await (await room.admin('/api/admin/documents')).json()) as AdminDocuments;
const leadMaterials = async (leadId: string) =>
  (await (await room.admin(`/api/admin/leads/${leadId}/materials`)).json()) as LeadMaterials;

/** The token of the latest materials link emailed to the address. */
const emailedToken = async (email: string) => {
  const mails = await waitFor(
    async () => smtp.received.filter((mail) => mail.to.includes(email) && mail.raw.includes('X-Acres-Kind: materials-sent')),
    (found) => found.length > 0,
    `the materials email to ${email}`,
  );
  const parsed = await parseMail(mails[mails.length - 1]!.raw);
  const link = MATERIALS_LINK.exec(parsed.text ?? '');
  expect(link, parsed.text).not.toBeNull();
  return decodeURIComponent(link![1]!);
};

const EARLY_LEAD = 'early-lead@example.com';

const confirmationTo = async (email: string) => {
  const [mail] = await waitFor(
    async () => smtp.received.filter((m) => m.to.includes(email) && m.raw.includes('X-Acres-Kind: lead-confirmation')),
    (found) => found.length > 0,
    `the confirmation to ${email}`,
  );
  return (await parseMail(mail!.raw)).text ?? '';
};

const openPage = (token: string) => fetch(new URL(`/api/materials/${encodeURIComponent(token)}`, server.url));
const recordView = (token: string) =>
  send(server.url, `/api/materials/${encodeURIComponent(token)}/views`, { method: 'POST', json: {} });
const download = (token: string, documentId: string) =>
  fetch(new URL(`/api/materials/${encodeURIComponent(token)}/documents/${documentId}`, server.url));

describe('staff upload the package’s documents', () => {
  it('takes a PDF by its bytes, whatever it is called, and refuses what is not a PDF or an image', async () => {
    expect((await room.putDocument(pdfBytes())).status).toBe(200);
    expect((await room.putDocument(pngBytes(), 'image/png')).status).toBe(200);

    const text = await room.putDocument(Buffer.from('not a pdf at all, just text'), 'application/pdf');
    expect(text.status).toBe(415);
    expect((await problemOf(text)).detail).toBe('Only PDF documents or JPG, PNG or WebP images are accepted');
    const disguised = await room.putDocument(pdfBytes(), 'image/png');
    expect(disguised.status).toBe(415);
    expect((await problemOf(disguised)).detail).toBe('The file is a PDF document but was sent as image/png');

    // Only staff may ask for a document's upload URL; a payment proof is still never a PDF.
    const visitor = await send(server.url, '/api/objects/upload', {
      method: 'POST',
      json: { purpose: 'due-diligence-document' },
    });
    expect(visitor.status).toBe(401);
  });

  it('records each document and version as an event naming the staff member, and lists them', async () => {
    const first = await room.addDocument({
      title: 'Certificate of Occupancy',
      category: 'title-verification',
      bytes: pdfBytes(),
    });
    expect(first.version).toBe(1);
    const objectPath = await room.uploadDocumentFile(pdfBytes('v2'));
    const second = await room.admin(`/api/admin/documents/${first.id}/versions`, { method: 'POST', json: { objectPath } });
    expect(second.status, await second.clone().text()).toBe(201);
    expect(((await second.json()) as { version: number }).version).toBe(2);

    const events = await streamOf(`dd-document-${first.id}`);
    expect(events.map((event) => [event.type, event.metadata.actor, (event.data as { uploadedBy: string }).uploadedBy])).toEqual([
      ['DueDiligenceDocumentUploaded', { kind: 'admin', id: TEST_ADMIN.username }, TEST_ADMIN.username],
      ['DueDiligenceDocumentUploaded', { kind: 'admin', id: TEST_ADMIN.username }, TEST_ADMIN.username],
    ]);
    const listed = await waitFor(listDocuments, (list) => list.documents.some((d) => d.versions.length === 2), 'version 2');
    const document = listed.documents.find((d) => d.id === first.id)!;
    expect(document).toMatchObject({ title: 'Certificate of Occupancy', category: 'title-verification' });
    expect(document.versions.map((v) => [v.version, v.contentType, v.objectPath])).toEqual([
      [2, 'application/pdf', objectPath],
      [1, 'application/pdf', expect.any(String)],
    ]);
  });

  it('refuses a bad title or category naming the field, and a file that is not a staff document', async () => {
    const objectPath = await room.uploadDocumentFile(pdfBytes());
    const bad = await room.admin('/api/admin/documents', {
      method: 'POST',
      json: { title: 'x', category: 'gossip', objectPath },
    });
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).errors?.map((e) => e.field).sort()).toEqual(['category', 'title']);
    const unknown = `/objects/uploads/${randomUUID()}`;
    const missing = await room.admin('/api/admin/documents', {
      method: 'POST',
      json: { title: 'Survey plan', category: 'survey-plans', objectPath: unknown },
    });
    expect(missing.status).toBe(400);
    expect((await problemOf(missing)).errors).toEqual([{ field: 'objectPath', message: 'Upload the file first' }]);
  });
});

describe('the promise of the package', () => {
  it('is made in a lead’s confirmation only once the room holds a document; before, it says what will happen', async () => {
    expect(await confirmationTo(EARLY_LEAD)).toContain('The due diligence materials (title verification');
    expect(await confirmationTo(EARLY_LEAD)).not.toContain('with the due diligence materials');
    await waitFor(listDocuments, (list) => list.documents.length > 0, 'a document in the room');
    // The site learns it with the settings, as it learns which channels deliver.
    expect(((await (await fetch(new URL('/api/settings', server.url))).json()) as { packageReady: boolean }).packageReady).toBe(
      true,
    );
    const later = 'later-lead@example.com';
    await room.addLead(later);
    expect(await confirmationTo(later)).toContain('Our team will contact you within 24 hours with the due diligence materials:');
  });
});

describe('sending the materials to a lead', () => {
  it('emails a personal link whose page lists the current documents, and records each view and download', async () => {
    const email = 'materials-lead@example.com';
    const leadId = await room.addLead(email);
    const { id: documentId } = await room.addDocument({
      title: 'Survey plan',
      category: 'survey-plans',
      bytes: pdfBytes('survey'),
    });
    const sent = await room.admin(`/api/admin/leads/${leadId}/materials`, { method: 'POST', json: {} });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { expiresAt } = (await sent.json()) as { expiresAt: string };
    // The default: 14 days.
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600_000);

    const token = await emailedToken(email);
    const page = await openPage(token);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const { documents } = (await page.json()) as MaterialsPage;
    expect(documents.find((d) => d.id === documentId)).toMatchObject({ title: 'Survey plan', version: 1 });

    expect((await recordView(token)).status).toBe(201);
    const file = await download(token, documentId);
    expect(file.status, await file.clone().text()).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Survey plan.pdf"; filename*=UTF-8''Survey%20plan.pdf`,
    );
    expect(Buffer.from(await file.arrayBuffer()).equals(pdfBytes('survey'))).toBe(true);

    const seen = await waitFor(
      () => leadMaterials(leadId),
      (m) => m.activity.length === 3,
      'the view and the download against the lead',
    );
    expect(seen.links).toEqual([
      expect.objectContaining({ status: 'active', sentBy: TEST_ADMIN.username, views: 1, downloads: 1 }),
    ]);
    expect(seen.activity.map((a) => [a.kind, a.documentTitle])).toEqual([
      ['downloaded', 'Survey plan'],
      ['viewed', null],
      ['sent', null],
    ]);
  });

  it('answers 404 for a lead that does not exist and for a forged link', async () => {
    expect((await room.admin(`/api/admin/leads/${randomUUID()}/materials`, { method: 'POST', json: {} })).status).toBe(404);
    const forged = await openPage('AAAA.BBBB');
    expect(forged.status).toBe(404);
    expect((await problemOf(forged)).detail).toBe(MATERIALS_MESSAGES.invalid);
  });

  it('ends a revoked link at once: 410 Gone for the page, a view and a download, never cached', async () => {
    const leadId = await room.addLead('revoked-lead@example.com');
    const { id: documentId } = await room.addDocument({
      title: 'Zoning letter',
      category: 'zoning-confirmation',
      bytes: pdfBytes(),
    });
    const sent = (await (await room.admin(`/api/admin/leads/${leadId}/materials`, { method: 'POST', json: {} })).json()) as {
      linkId: string;
    };
    const token = await emailedToken('revoked-lead@example.com');
    const revoked = await room.admin(`/api/admin/materials/${sent.linkId}/revoke`, { method: 'POST', json: {} });
    expect(revoked.status, await revoked.clone().text()).toBe(200);
    expect((await room.admin(`/api/admin/materials/${sent.linkId}/revoke`, { method: 'POST', json: {} })).status).toBe(409);

    const page = await waitFor(
      () => openPage(token),
      (r) => r.status !== 200,
      'the revocation on the page',
    );
    expect(page.status).toBe(410);
    expect(page.headers.get('content-type')).toContain('application/problem+json');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect((await problemOf(page)).detail).toBe(MATERIALS_MESSAGES.revoked);
    const view = await recordView(token);
    expect([view.status, (await problemOf(view)).detail]).toEqual([410, MATERIALS_MESSAGES.revoked]);
    const file = await download(token, documentId);
    expect([file.status, file.headers.get('cache-control')]).toEqual([410, 'private, no-store']);

    const materials = await waitFor(
      () => leadMaterials(leadId),
      (m) => m.links[0]?.status === 'revoked',
      'revoked',
    );
    expect(materials.links[0]).toMatchObject({ revokedBy: TEST_ADMIN.username, views: 0, downloads: 0 });
  });

  it('ends an expired link: 410 Gone saying it expired', async () => {
    const leadId = await room.addLead('expired-lead@example.com');
    const linkId = randomUUID();
    const past = new Date(Date.now() - 60_000).toISOString();
    await createPostgresEventStore({ pool }).appendToStream(
      `materials-link-${linkId}`,
      [testEvent('MaterialsSent', { linkId, leadId, sentBy: 'admin', sentAt: past, expiresAt: past })],
      { expectedRevision: 'no_stream' },
    );
    const token = mintMaterialsLinkToken({ secret: LINK_SECRET, linkId, leadId });
    const page = await waitFor(
      () => openPage(token),
      (r) => r.status !== 404,
      'the link in the read model',
    );
    expect([page.status, (await problemOf(page)).detail]).toEqual([410, MATERIALS_MESSAGES.expired]);
    const view = await recordView(token);
    expect([view.status, (await problemOf(view)).detail]).toEqual([410, MATERIALS_MESSAGES.expired]);
  });
});

describe('the room on an investor’s dashboard', () => {
  it('opens once a payment of theirs is approved, and records each download against the account', async () => {
    const { id: documentId } = await room.addDocument({
      title: 'EIA report',
      category: 'environmental-assessment',
      bytes: pdfBytes(),
    });
    await setBusinessSettings(server.url, TEST_ADMIN_AUTHORIZATION);
    const investor = await signUp(server.url, 'Room', 'Investor');
    const mine = () => fetch(new URL('/api/documents', server.url), { headers: { cookie: investor.cookie } });
    const downloadAs = () =>
      fetch(new URL(`/api/documents/${documentId}/download`, server.url), { headers: { cookie: investor.cookie } });
    expect(await (await mine()).json()).toEqual({ eligible: false, documents: [] });
    expect((await downloadAs()).status).toBe(403);

    const payment = await submitPayment(server.url, investor, 20, makePng(8, 8, [9, 90, 9], [90, 9, 9]));
    const approved = await room.admin(`/api/admin/payments/${payment.id}/status`, {
      method: 'PUT',
      json: { status: 'approved', adminNotes: 'Received in escrow' },
    });
    expect(approved.status, await approved.clone().text()).toBe(200);

    const opened = await waitFor(
      async () => (await (await mine()).json()) as { eligible: boolean; documents: { id: string }[] },
      (r) => r.eligible,
      'the room',
    );
    expect(opened.documents.map((d) => d.id)).toContain(documentId);
    const file = await downloadAs();
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const downloads = (await streamOf(`dd-document-${documentId}`)).filter((e) => e.type === 'DueDiligenceDocumentDownloaded');
    expect(downloads.map((e) => [e.metadata.actor, (e.data as { userId: string }).userId])).toEqual([
      [{ kind: 'user', id: investor.id }, investor.id],
    ]);
  });
});

describe('the room as staff members', () => {
  let sales: StaffMember;
  let finance: StaffMember;
  let staff: ReturnType<typeof createStaffCalls>;
  const as = (member: StaffMember, path: string, init?: StaffInit) => staff.as(member, path, init);

  beforeAll(async () => {
    staff = createStaffCalls(server.url, { linkSecret: LINK_SECRET, readStream: streamOf });
    sales = await staff.join({ email: 'amaka.sales@acres.example', displayName: 'Amaka Sales', role: 'sales' });
    finance = await staff.join({ email: 'tunde.finance@acres.example', displayName: 'Tunde Finance', role: 'finance' });
  });

  const email = 'staff-room-lead@example.com';
  let leadId: string;
  let documentId: string;

  it('lets a sales member upload and version documents and send materials, and refuses finance with problem+json', async () => {
    const first = { title: 'Survey plan (sales)', category: 'survey-plans' };
    const objectPath = await staff.upload(sales, pdfBytes('v1'));
    const added = await as(sales, '/api/admin/documents', { method: 'POST', json: { ...first, objectPath } });
    expect(added.status, await added.clone().text()).toBe(201);
    documentId = ((await added.json()) as { id: string }).id;
    const versioned = await as(sales, `/api/admin/documents/${documentId}/versions`, {
      method: 'POST',
      json: { objectPath: await staff.upload(sales, pdfBytes('v2')) },
    });
    expect(versioned.status, await versioned.clone().text()).toBe(201);
    const uploadedBy = (await streamOf(`dd-document-${documentId}`)).map((e) => (e.data as { uploadedBy: string }).uploadedBy);
    expect(uploadedBy).toEqual([sales.staffId, sales.staffId]);

    leadId = await room.addLead(email);
    const moved = await as(sales, `/api/admin/leads/${leadId}/stage`, { method: 'POST', json: { stage: 'contacted' } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const call = { kind: 'call', text: 'Called; the package follows by email' };
    const logged = await as(sales, `/api/admin/leads/${leadId}/activities`, { method: 'POST', json: call });
    expect(logged.status, await logged.clone().text()).toBe(201);
    const sent = await as(sales, `/api/admin/leads/${leadId}/materials`, { method: 'POST', json: {} });
    expect(sent.status, await sent.clone().text()).toBe(201);

    const refusals = await staff.roomWrites(finance, { documentId, leadId });
    for (const refused of refusals) {
      expect([refused.status, refused.headers.get('content-type')]).toEqual([403, 'application/problem+json; charset=utf-8']);
      expect((await problemOf(refused)).detail).toContain('Finance');
    }
  });

  it('puts the lead’s views and downloads on its timeline, and names the member in the Audit log, filtered by name', async () => {
    const token = await emailedToken(email);
    expect((await recordView(token)).status).toBe(201);
    expect((await download(token, documentId)).status).toBe(200);

    const timeline = await waitFor(
      async () => (await (await as(sales, `/api/admin/leads/${leadId}/timeline`)).json()) as LeadTimelineResponse,
      (t) => t.entries.some((e) => e.materials === 'downloaded'),
      'the download on the timeline',
    );
    expect(timeline.entries.map((e) => [e.type, e.materials ?? e.to ?? e.activity, e.actor, e.documentTitle ?? null])).toEqual([
      ['reserved', null, null, null],
      ['stage', 'contacted', sales.staffId, null],
      ['activity', 'call', sales.staffId, null],
      ['materials', 'sent', sales.staffId, null],
      ['materials', 'viewed', null, null],
      ['materials', 'downloaded', null, 'Survey plan (sales)'],
    ]);

    const byName = (name: string) => room.admin(`/api/admin/audit-log?actor=${encodeURIComponent(name)}&pageSize=50`);
    const entries = await waitFor(
      async () => ((await (await byName(sales.displayName)).json()) as AdminAuditLogResponse).entries,
      (found) => found.some((e) => e.kind === 'materials.sent'),
      'the sales member’s entries',
    );
    const kinds = ['staff.joined', 'document.uploaded', 'document.uploaded', 'lead.stage-moved', 'lead.activity-logged'];
    expect(entries.map((e) => [e.kind, e.actorId, e.actorName]).reverse()).toEqual(
      [...kinds, 'materials.sent'].map((kind) => [kind, sales.staffId, sales.displayName]),
    );
    const financeEntries = ((await (await byName(finance.displayName)).json()) as AdminAuditLogResponse).entries;
    expect(financeEntries.map((e) => e.kind)).toEqual(['staff.joined']);
  });
});
