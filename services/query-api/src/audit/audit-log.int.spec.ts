import { AdminAuditLogResponseSchema, type AuditEntry } from '@acres/contracts/audit-log';
import { PaymentHistoryEntrySchema } from '@acres/contracts/payment';
import {
  applicationSubmittedData,
  decidePayment,
  newEvent,
  registerAffiliate,
  reportSale,
  slotReservedData,
  submitPayment,
  verifySale,
} from '../../test/projector.ts';
import { runCli } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { buildQueryApp } from '../app.ts';
import { registerInvestor, startPaymentsHarness, type PaymentsHarness } from '../../test/payments-harness.ts';
import { silent } from '../../test/read-harness.ts';
import { ADMIN, ADMIN_AUTH } from '../../test/support.ts';
import { createTestVault } from '@acres/eventstore/test';

// 23:30 UTC on 2 March is 00:30 on 3 March in Lagos: the date filters must say 3 March.
const LATE_CHANGE_AT = '2025-03-02T23:30:00.000Z';

describe('the admin’s Audit log', () => {
  let h: PaymentsHarness;
  let head = 0n;
  let investorCookie = '';
  const ids = {} as Record<'approved' | 'rejected' | 'investor' | 'sale' | 'application', string>;

  const append = async (stream: string, type: string, data: unknown) => {
    const { position } = await h.eventStore.appendToStream(stream, [newEvent(type, data)], { expectedRevision: 'any' });
    head = position;
  };

  const list = async (query = '') => {
    const response = await h.app.inject({ url: `/api/admin/audit-log${query}`, headers: ADMIN_AUTH });
    expect(response.statusCode, response.body).toBe(200);
    return AdminAuditLogResponseSchema.parse(response.json());
  };

  const kindsOf = (entries: readonly AuditEntry[]) => entries.map((entry) => entry.kind);

  beforeAll(async () => {
    h = await startPaymentsHarness(inject('pgAdminUrl'));
    const store = h.eventStore;
    await append('settings', 'BusinessSettingsChanged', {
      source: 'configuration',
      changedBy: null,
      changes: [{ field: 'contactEmail', from: null, to: 'team@example.test' }],
      changedAt: '2025-02-28T08:00:00.000Z',
    });
    await append('lead-1', 'SlotReserved', slotReservedData(1));
    const investor = await registerInvestor(h, { email: 'ada@example.ng', firstName: 'Ada', lastName: 'Obi' });
    ids.investor = investor.id;
    investorCookie = investor.cookie;
    const first = await submitPayment(store, { userId: investor.id, acres: 2, amount: 7_000_000 });
    await decidePayment(store, { payment: first, status: 'approved', adminNotes: 'Receipt matches', decidedBy: 'ops-lead' });
    const second = await submitPayment(store, { userId: investor.id, acres: 1, amount: 3_500_000 });
    await decidePayment(store, { payment: second, status: 'rejected', adminNotes: 'Blurry proof', decidedBy: 'admin' });
    ids.approved = first.paymentId;
    ids.rejected = second.paymentId;
    const application = applicationSubmittedData(7, { submittedAt: '2025-03-01T12:00:00.000Z' });
    ids.application = application.applicationNumber;
    await append(`application-${application.applicationId}`, 'ApplicationSubmitted', application);
    const affiliate = await registerAffiliate(store, { userId: investor.id });
    const sale = await reportSale(store, { affiliate });
    ids.sale = sale.saleId;
    await verifySale(store, { sale, verifiedBy: 'ops-lead', notes: 'Bank alert seen' });
    await append('settings', 'BusinessSettingsChanged', {
      source: 'admin',
      changedBy: 'ops-lead',
      changes: [{ field: 'officeHours', from: null, to: 'Mon–Fri 9:00–17:00' }],
      changedAt: LATE_CHANGE_AT,
    });
    h.startProjector();
    await h.settle(head);
  });
  afterAll(async () => h?.close());

  it('answers 401 without the admin’s credentials', async () => {
    for (const url of ['/api/admin/audit-log', '/api/admin/audit-log/export.csv']) {
      expect((await h.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('lists every audited event newest first, with who, what, when and the notes, and no lead or account event', async () => {
    const body = await list();
    expect(body.total).toBe(10);
    expect(kindsOf(body.entries)).toEqual([
      'settings.changed',
      'sale.verified',
      'sale.reported',
      'affiliate.registered',
      'application.submitted',
      'payment.rejected',
      'payment.submitted',
      'payment.approved',
      'payment.submitted',
      'settings.changed',
    ]);
    const positions = body.entries.map((entry) => BigInt(entry.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(body.entries.find((entry) => entry.kind === 'payment.approved')).toMatchObject({
      actorKind: 'admin',
      actorId: 'ops-lead',
      subjectType: 'payment',
      subjectId: ids.approved,
      summary: 'Approved a payment for ₦7,000,000 (2 acres)',
      subjectName: 'Ada Obi',
      notes: 'Receipt matches',
    });
    expect(body.entries[0]).toMatchObject({
      occurredAt: LATE_CHANGE_AT,
      actorId: 'ops-lead',
      changes: [{ field: 'officeHours', from: null, to: 'Mon–Fri 9:00–17:00' }],
    });
    expect(body.entries.find((entry) => entry.kind === 'application.submitted')?.subjectId).toBe(ids.application);
  });

  it('pages with keyset cursors both ways, without gaps or repeats', async () => {
    const all = (await list()).entries.map((entry) => entry.position);
    const first = await list('?limit=4');
    expect(first.prevCursor).toBeNull();
    const second = await list(`?limit=4&cursor=${first.nextCursor}`);
    const third = await list(`?limit=4&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    expect([...first.entries, ...second.entries, ...third.entries].map((entry) => entry.position)).toEqual(all);
    const back = await list(`?limit=4&cursor=${second.prevCursor}`);
    expect(back.entries.map((entry) => entry.position)).toEqual(all.slice(0, 4));
    expect(back.prevCursor).toBeNull();
    expect(back.nextCursor).not.toBeNull();
  });

  it('filters by kind, actor (any case), actor kind, subject and Lagos dates, and combines them', async () => {
    expect(kindsOf((await list('?kind=payment.approved')).entries)).toEqual(['payment.approved']);
    expect(kindsOf((await list('?actor=OPS-LEAD')).entries)).toEqual(['settings.changed', 'sale.verified', 'payment.approved']);
    expect((await list('?actorKind=investor')).total).toBe(2);
    expect((await list(`?actor=${ids.investor}`)).total).toBe(2);
    const payment = await list(`?subjectType=payment&subjectId=${ids.approved.slice(0, 8)}`);
    expect(kindsOf(payment.entries)).toEqual(['payment.approved', 'payment.submitted']);
    expect(kindsOf((await list(`?subjectId=${ids.sale}`)).entries)).toEqual(['sale.verified', 'sale.reported']);
    expect((await list('?subjectType=settings')).total).toBe(2);
    // The 23:30 UTC change happened on 3 March in Lagos.
    expect(kindsOf((await list('?from=2025-03-03')).entries)).toEqual(['settings.changed']);
    expect((await list('?from=2025-03-01&to=2025-03-02')).entries.some((entry) => entry.occurredAt === LATE_CHANGE_AT)).toBe(
      false,
    );
    expect((await list('?to=2025-02-28')).entries.map((entry) => entry.actorKind)).toEqual(['system']);
    expect((await list('?kind=payment.rejected&actor=ops-lead')).total).toBe(0);
  });

  it('answers 400 naming the field for a bad filter or cursor, never a 500', async () => {
    const cases: [string, string][] = [
      ['?kind=payment.exploded', 'kind'],
      ['?actorKind=robot', 'actorKind'],
      ['?subjectType=parcel', 'subjectType'],
      ['?from=2025-02-30', 'from'],
      ['?from=2025-03-02&to=2025-03-01', 'to'],
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${Buffer.from('after.99999999999999999999').toString('base64url')}`, 'cursor'],
      ['?actor=a%00b', 'actor'],
      ['?limit=0', 'limit'],
    ];
    for (const [query, field] of cases) {
      const response = await h.app.inject({ url: `/api/admin/audit-log${query}`, headers: ADMIN_AUTH });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body, query).toContain(field);
    }
  });

  it('exports the filtered set as a streamed CSV, page by page, times in Lagos', async () => {
    const app = buildQueryApp({
      pool: h.db.pool,
      vault: createTestVault(h.db.pool),
      adminCredentials: ADMIN,
      logger: silent,
      exportPageSize: 2,
    });
    try {
      const response = await app.inject({ url: '/api/admin/audit-log/export.csv?actor=ops-lead', headers: ADMIN_AUTH });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Position,Occurred At (WAT),Occurred At (UTC),Kind,What,Actor Kind,Actor,Subject Type,Subject ID,Notes,Changes,Actor Name',
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain('2025-03-03 00:30:00,2025-03-02T23:30:00.000Z,Settings changed');
      expect(lines[1]).toContain('Office hours: (not set) → Mon–Fri 9:00–17:00');
      expect(lines[3]).toContain(
        `Payment approved,"Approved a payment for ₦7,000,000 (2 acres)",admin,ops-lead,payment,${ids.approved}`,
      );
      expect(lines[3]).toContain('Receipt matches');
      const whole = await app.inject({ url: '/api/admin/audit-log/export.csv', headers: ADMIN_AUTH });
      expect(whole.body.trimEnd().split('\r\n')).toHaveLength(11);
    } finally {
      await app.close();
    }
  });

  it('keeps naming the admin "Admin" on the investor’s own timeline, while the audit log names the account', async () => {
    const response = await h.app.inject({ url: `/api/payments/${ids.approved}/history`, headers: { cookie: investorCookie } });
    expect(response.statusCode).toBe(200);
    const timeline = z.array(PaymentHistoryEntrySchema).parse(response.json());
    expect(timeline.map((entry) => entry.actor)).toEqual(['Ada Obi', 'Admin']);
    expect(JSON.stringify(timeline)).not.toContain('ops-lead');
  });

  it('is the same after `projections rebuild audit-log` as before, entry for entry and in the CSV', async () => {
    const before = await list('?limit=500');
    const csvBefore = (await h.app.inject({ url: '/api/admin/audit-log/export.csv', headers: ADMIN_AUTH })).body;
    const { code, out, err } = await runCli(h, ['rebuild', 'audit-log']);
    expect(code, err).toBe(0);
    expect(out).toMatch(/audit-log: rebuilt tables \(r\d+\) swapped in/);
    // The rebuild is an audited action itself: its own entries (requested, then completed once the
    // live projector applies it) are new; every entry from before it is unchanged.
    const after = await list('?limit=500');
    const ownEntries = after.entries.filter((entry) => entry.subjectType === 'projection');
    expect(ownEntries.map((entry) => entry.subjectId)).toContain('audit-log');
    expect(ownEntries.every((entry) => entry.subjectId === 'audit-log')).toBe(true);
    expect(after.entries.filter((entry) => entry.subjectType !== 'projection')).toEqual(before.entries);
    expect(before.total).toBe(10);
    const csvAfter = (await h.app.inject({ url: '/api/admin/audit-log/export.csv', headers: ADMIN_AUTH })).body;
    const withoutRebuild = (csv: string) => csv.split('\n').filter((line) => !line.includes('audit-log'));
    expect(withoutRebuild(csvAfter)).toEqual(withoutRebuild(csvBefore));
    expect(csvAfter.split('\n').length).toBe(csvBefore.split('\n').length + ownEntries.length);
  });

  it('names people in summaries and subjects by name or email, never by a piece of an id (issue 29)', async () => {
    const staffId = randomUUID();
    const lead = slotReservedData(2);
    await append(`staff-${staffId}`, 'StaffInvited', {
      staffId,
      invitationId: randomUUID(),
      email: 'bola@acres.test',
      displayName: 'Bola Ade',
      role: 'sales',
      invitedBy: 'admin',
      invitedAt: '2025-03-04T09:00:00.000Z',
      expiresAt: '2025-03-11T09:00:00.000Z',
    });
    await append(`lead-${lead.leadId}`, 'SlotReserved', lead);
    await append(`lead-pipeline-${lead.leadId}`, 'LeadOwnerAssigned', {
      leadId: lead.leadId,
      ownerId: staffId,
      previousOwnerId: 'unassigned',
      assignedBy: staffId,
      assignedAt: '2025-03-04T10:00:00.000Z',
    });
    await h.settle(head);
    const { entries } = await list('?limit=500');
    expect(entries.find((entry) => entry.kind === 'lead.owner-assigned')).toMatchObject({
      summary: 'Gave lead Lead 2 to staff member Bola Ade',
      actorName: 'Bola Ade',
      subjectName: 'Lead 2',
    });
    expect(entries.find((entry) => entry.kind === 'sale.verified')?.summary).toMatch(/^Verified a sale by affiliate \S/);
    for (const entry of entries) expect(entry.summary, entry.kind).not.toMatch(/\b[0-9a-f]{8}\b|⟦/);
  });
});
