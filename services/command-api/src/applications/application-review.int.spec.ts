import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AdminApplicationSchema,
  AdminApplicationsResponseSchema,
  APPLICATION_DECISION_MESSAGES,
  APPLICATION_STATUS_MESSAGES,
  ApplicationStatusSchema,
} from '@acres/contracts';
import { validApplication } from '@acres/fixtures';
import { ADMIN } from '../../test/payments-harness.ts';
import type { Problem } from '../../test/command-api-harness.ts';
import { ADMIN_AUTH as AUTH, useReviewStack } from '../../test/review-stack.ts';

// The admin's review of an application end to end: the command API decides, the projector
// moves the subscription row, the query API answers the admin and the applicant.

const NOW = new Date('2026-06-01T09:00:00.000Z');

const stack = useReviewStack(() => NOW);
const { settle, post } = stack;

const apply = async (email = `applicant-${randomUUID().slice(0, 8)}@example.ng`) => {
  const response = await post('/api/subscriptions', validApplication({ email }), {});
  expect(response.statusCode).toBe(201);
  const body = response.json<{ id: string; applicationNumber: string; position: string }>();
  await settle(body.position);
  return { ...body, email };
};

const idOf = (data: unknown) => (data as { applicationId?: string }).applicationId;

const APPROVAL = { amountVerified: 87_500_000, escrowReceiptNumber: 'ESC-2026-0042', notes: 'Statement of 31 May' };

const approve = (id: string, body: unknown = APPROVAL) => post(`/api/admin/subscriptions/${id}/approve`, body);
const reject = (id: string, body: unknown) => post(`/api/admin/subscriptions/${id}/reject`, body);

const statusOf = (applicationNumber: string, email: string) =>
  stack().query.inject({ url: '/api/subscriptions/status', query: { applicationNumber, email } });

describe('the admin decides an application', () => {
  it('approves it once: the event, the admin list, the status page; a second decision is 409', async () => {
    const application = await apply();
    const approved = await approve(application.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: application.id, status: 'approved' });
    const events = await stack().h.eventStore.readAll({ maxCount: 10_000 });
    const decision = events.find((e) => e.type === 'ApplicationApproved' && idOf(e.data) === application.id)!;
    expect(decision.data).toEqual({
      applicationId: application.id,
      applicationNumber: application.applicationNumber,
      ...APPROVAL,
      decidedBy: ADMIN.username,
      decidedAt: NOW.toISOString(),
    });
    expect(decision.metadata.actor).toEqual({ kind: 'admin', id: ADMIN.username });
    await settle(approved.json<{ position: string }>().position);

    const one = await stack().query.inject({ url: `/api/admin/subscriptions/${application.id}`, headers: AUTH });
    expect(one.statusCode).toBe(200);
    expect(AdminApplicationSchema.parse(one.json())).toMatchObject({
      status: 'approved',
      amountVerified: 87_500_000,
      escrowReceiptNo: 'ESC-2026-0042',
      decisionNotes: 'Statement of 31 May',
      decidedBy: ADMIN.username,
      decidedAt: NOW.toISOString(),
    });

    const status = await statusOf(application.applicationNumber.toLowerCase(), application.email.toUpperCase());
    expect(status.statusCode).toBe(200);
    expect(ApplicationStatusSchema.strict().parse(status.json())).toMatchObject({
      status: 'approved',
      amountVerified: 87_500_000,
      escrowReceiptNumber: 'ESC-2026-0042',
      decidedAt: NOW.toISOString(),
    });
    // The admin's notes and name are not the applicant's to read.
    expect(status.body).not.toContain('Statement of 31 May');

    for (const again of [await approve(application.id), await reject(application.id, { notes: 'changed my mind' })]) {
      expect(again.statusCode).toBe(409);
      expect(again.headers['content-type']).toContain('application/problem+json');
      expect(again.json<Problem>().detail).toBe('This application has already been approved; a decision cannot be changed');
    }
  });

  it('rejects with a reason, and only one of two racing decisions is stored', async () => {
    const application = await apply();
    const answers = await Promise.all([
      approve(application.id),
      reject(application.id, { notes: 'No transfer arrived' }),
      approve(application.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const events = await stack().h.eventStore.readAll({ maxCount: 10_000 });
    const decisions = events.filter(
      (e) => (e.type === 'ApplicationApproved' || e.type === 'ApplicationRejected') && idOf(e.data) === application.id,
    );
    expect(decisions).toHaveLength(1);
  });

  it.each([
    [{ ...APPROVAL, amountVerified: 0 }, 'amountVerified', APPLICATION_DECISION_MESSAGES.amountVerified],
    [{ ...APPROVAL, amountVerified: '87500000' }, 'amountVerified', APPLICATION_DECISION_MESSAGES.amountVerifiedRequired],
    [{ ...APPROVAL, escrowReceiptNumber: undefined }, 'escrowReceiptNumber', APPLICATION_DECISION_MESSAGES.receiptRequired],
    [{ ...APPROVAL, escrowReceiptNumber: '=HYPERLINK()' }, 'escrowReceiptNumber', APPLICATION_DECISION_MESSAGES.receiptFormat],
  ])('refuses an approval %j with 400 naming the field', async (body, field, message) => {
    const application = await apply();
    const response = await approve(application.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors).toEqual([{ field, message }]);
  });

  it('refuses a rejection without notes, an unknown id (404) and a malformed id (400)', async () => {
    const application = await apply();
    const noNotes = await reject(application.id, { notes: ' ' });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json<Problem>().errors).toEqual([{ field: 'notes', message: APPLICATION_DECISION_MESSAGES.rejectNotes }]);
    expect((await approve(randomUUID())).statusCode).toBe(404);
    expect((await approve('not-an-id')).statusCode).toBe(400);
  });

  it('answers 401 without the admin credentials, and decides nothing', async () => {
    const application = await apply();
    const stranger = await post(`/api/admin/subscriptions/${application.id}/approve`, APPROVAL, {});
    expect(stranger.statusCode).toBe(401);
    // Still undecided: the admin's own approval goes through.
    expect((await approve(application.id)).statusCode).toBe(200);
  });
});

describe('the admin list and export', () => {
  it('filters by status, pages with cursors and exports the filtered set as CSV', async () => {
    const pending = await apply();
    const rejected = await apply();
    const decided = await reject(rejected.id, { notes: 'Duplicate, "see" other file', amountVerified: 3_500_000 });
    await settle(decided.json<{ position: string }>().position);

    const list = async (params: Record<string, string>) => {
      const response = await stack().query.inject({ url: '/api/admin/subscriptions', query: params, headers: AUTH });
      expect(response.statusCode).toBe(200);
      return AdminApplicationsResponseSchema.parse(response.json());
    };
    const rejectedOnly = await list({ status: 'rejected' });
    expect(rejectedOnly.subscriptions.every((s) => s.status === 'rejected')).toBe(true);
    expect(rejectedOnly.subscriptions.map((s) => s.id)).toContain(rejected.id);
    expect(rejectedOnly.subscriptions.map((s) => s.id)).not.toContain(pending.id);
    const pendingPage = await list({ status: 'pending', limit: '1' });
    expect(pendingPage.subscriptions).toHaveLength(1);
    const next = await list({ status: 'pending', limit: '1', cursor: pendingPage.nextCursor! });
    expect(next.subscriptions[0]!.status).toBe('pending');
    expect(next.subscriptions[0]!.id).not.toBe(pendingPage.subscriptions[0]!.id);
    expect((await stack().query.inject({ url: '/api/admin/subscriptions?status=lost', headers: AUTH })).statusCode).toBe(400);

    const csv = await stack().query.inject({ url: '/api/admin/subscriptions/export.csv?status=rejected', headers: AUTH });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="applications-2026-06-01.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Application Number,Status');
    // Times in Lagos wall-clock time and phones in the national form, as every export writes them.
    expect(lines[0]).toContain('Decision Notes,Decided At (WAT),Decided By');
    expect(lines[0]).toContain('Created At (WAT)');
    expect(csv.body).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(csv.body).not.toMatch(/,'?\+234/);
    expect(csv.body).toContain(',2026-06-01 10:00:00,');
    expect(lines).toHaveLength(rejectedOnly.total + 1);
    expect(csv.body).toContain(rejected.applicationNumber);
    expect(csv.body).toContain('"Duplicate, ""see"" other file"');
    expect(csv.body).not.toContain(pending.applicationNumber);
  });
});

describe('the applicant', () => {
  it('gets the same 404 for a wrong number and a wrong email, and 400 naming a malformed field', async () => {
    const application = await apply();
    const wrongNumber = await statusOf('ACR-2026-XXXXXXXX', application.email);
    const wrongEmail = await statusOf(application.applicationNumber, `other-${application.email}`);
    for (const answer of [wrongNumber, wrongEmail]) expect(answer.statusCode).toBe(404);
    expect(wrongNumber.body).toBe(wrongEmail.body);
    expect(wrongNumber.json<Problem>().detail).toBe(APPLICATION_STATUS_MESSAGES.notFound);
    const malformed = await statusOf(application.applicationNumber, 'not-an-email');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<Problem>().errors).toEqual([{ field: 'email', message: APPLICATION_STATUS_MESSAGES.email }]);
  });

  it('sees pending until decided, then the decision, on the dashboard when signed in with that email, once confirmed', async () => {
    const investor = await stack().h.signUp(`dash-${randomUUID().slice(0, 8)}@example.ng`, { verified: true });
    const application = await apply(investor.user.email);
    const mine = () => stack().query.inject({ url: '/api/subscriptions/mine', headers: { cookie: investor.cookie } });
    expect((await mine()).json()).toMatchObject([{ applicationNumber: application.applicationNumber, status: 'pending' }]);
    const decided = await reject(application.id, { notes: 'No transfer arrived' });
    await settle(decided.json<{ position: string }>().position);
    expect((await mine()).json()).toMatchObject([{ status: 'rejected', decidedAt: NOW.toISOString() }]);
    expect((await stack().query.inject({ url: '/api/subscriptions/mine' })).statusCode).toBe(401);
  });

  it('is limited per address: past the limit the lookup answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await statusOf('ACR-2026-NOPE', 'x@example.ng')).statusCode);
    expect(statuses).toContain(429);
  });
});
