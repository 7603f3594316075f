import { randomUUID } from 'node:crypto';
import { PaymentHistoryEntrySchema, PaymentsResponseSchema } from '@acres/contracts/payment';
import { decidePayment, submitPayment } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_AUTH } from '../../test/support.ts';
import { registerInvestor, startPaymentsHarness, type Investor, type PaymentsHarness } from '../../test/payments-harness.ts';

describe('an investor reading their payments', () => {
  let harness: PaymentsHarness;
  let ada: Investor;
  let bola: Investor;
  let newcomer: Investor;
  const payments = {} as Record<'adaFirst' | 'adaSecond' | 'bolaOnly', Awaited<ReturnType<typeof submitPayment>>>;
  let approval: Awaited<ReturnType<typeof decidePayment>>;

  const get = (url: string, who?: Investor, headers: Record<string, string> = {}) =>
    harness.app.inject({ url, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });

  beforeAll(async () => {
    harness = await startPaymentsHarness(inject('pgAdminUrl'));
    ada = await registerInvestor(harness, { email: 'ada@example.ng', firstName: 'Ada', lastName: 'Obi' });
    bola = await registerInvestor(harness, { email: 'bola@example.ng', firstName: 'Bola', lastName: null });
    newcomer = await registerInvestor(harness, { email: 'new@example.ng' });
    const store = harness.eventStore;
    payments.adaFirst = await submitPayment(store, { userId: ada.id, acres: 25, amount: 87_500_000 });
    payments.bolaOnly = await submitPayment(store, { userId: bola.id, acres: 10, amount: 35_000_000 });
    payments.adaSecond = await submitPayment(store, { userId: ada.id, acres: 2, amount: 7_000_000 });
    approval = await decidePayment(store, {
      payment: payments.adaFirst,
      status: 'approved',
      adminNotes: 'Receipt matches',
      decidedBy: 'ops-admin',
    });
    harness.startProjector();
    await harness.settle(approval.position);
  });
  afterAll(async () => harness?.close());

  it('answers 401 Unauthorized without a session', async () => {
    for (const url of ['/api/payments', `/api/payments/${payments.adaFirst.paymentId}/history`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: 401, detail: 'Unauthorized' });
    }
  });

  it('answers 401 to a cookie that names no session', async () => {
    const response = await get('/api/payments', undefined, { cookie: `acres.sid=${'x'.repeat(43)}` });
    expect(response.statusCode).toBe(401);
  });

  it('lists only the caller’s own payments, newest first, in the contract shape', async () => {
    const response = await get('/api/payments', ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = PaymentsResponseSchema.parse(response.json());
    expect(body.map((payment) => payment.id)).toEqual([payments.adaSecond.paymentId, payments.adaFirst.paymentId]);
    expect(body[1]).toEqual({
      id: payments.adaFirst.paymentId,
      userId: ada.id,
      leadId: null,
      amount: 87_500_000,
      acres: 25,
      proofImagePath: payments.adaFirst.proofImagePath,
      status: 'approved',
      adminNotes: 'Receipt matches',
      // The investor learns that an admin decided, never which account.
      approvedBy: 'Admin',
      submittedAt: payments.adaFirst.submittedAt,
      processedAt: approval.decidedAt,
      expectedAmount: 87_500_000,
      amountDifference: 0,
    });
    expect(body[0]).toMatchObject({ status: 'pending', adminNotes: null, approvedBy: null, processedAt: null });
  });

  it('shows another investor only theirs, and a newcomer none', async () => {
    expect((await get('/api/payments', bola)).json().map((payment: { id: string }) => payment.id)).toEqual([
      payments.bolaOnly.paymentId,
    ]);
    expect((await get('/api/payments', newcomer)).json()).toEqual([]);
  });

  it('shows the owner a payment’s timeline: submitted by them, approved by the admin with the notes', async () => {
    const response = await get(`/api/payments/${payments.adaFirst.paymentId}/history`, ada);
    expect(response.statusCode).toBe(200);
    const body = z.array(PaymentHistoryEntrySchema).parse(response.json());
    expect(body).toEqual([
      { type: 'submitted', at: payments.adaFirst.submittedAt, actor: 'Ada Obi', notes: null },
      // The admin's username is never shown to investors.
      { type: 'approved', at: approval.decidedAt, actor: 'Admin', notes: 'Receipt matches' },
    ]);
  });

  it('names a submitter without a last name by the first name alone', async () => {
    const body = (await get(`/api/payments/${payments.bolaOnly.paymentId}/history`, bola)).json();
    expect(body).toEqual([{ type: 'submitted', at: payments.bolaOnly.submittedAt, actor: 'Bola', notes: null }]);
  });

  it('answers another investor’s payment exactly like one that does not exist', async () => {
    const theirs = await get(`/api/payments/${payments.adaFirst.paymentId}/history`, bola);
    const missing = await get(`/api/payments/${randomUUID()}/history`, bola);
    for (const response of [theirs, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, detail: 'Payment not found' });
    }
    expect(theirs.body).toBe(missing.body);
  });

  it.each(['not-a-uuid', '1', "1'%20OR%20'1'='1", `${randomUUID()}x`])('answers 404 to the id %j', async (id) => {
    const response = await get(`/api/payments/${id}/history`, ada);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: 'Payment not found' });
  });

  it('does not take admin credentials as a session', async () => {
    expect((await get('/api/payments', undefined, ADMIN_AUTH)).statusCode).toBe(401);
  });

  it('answers 400 naming x-min-position when it is not a position', async () => {
    const response = await get('/api/payments', ada, { 'x-min-position': 'soon' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'x-min-position' }] });
  });
});

describe('an investor reading right after submitting (x-min-position)', () => {
  let harness: PaymentsHarness;
  let ada: Investor;

  beforeAll(async () => {
    harness = await startPaymentsHarness(inject('pgAdminUrl'), { readYourWritesMs: 3000 });
    ada = await registerInvestor(harness, { email: 'ada@example.ng', firstName: 'Ada', lastName: 'Obi' });
  });
  afterAll(async () => harness?.close());

  it('waits for the payments projection to apply the submission, then shows it', async () => {
    // No projector yet: the read can only answer with the payment once one starts.
    const submitted = await submitPayment(harness.eventStore, { userId: ada.id, acres: 4 });
    const started = performance.now();
    setTimeout(() => harness.startProjector(), 400);
    const response = await harness.app.inject({
      url: '/api/payments',
      headers: { cookie: ada.cookie, 'x-min-position': submitted.position.toString() },
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-read-model-stale']).toBeUndefined();
    expect(response.json().map((payment: { id: string }) => payment.id)).toEqual([submitted.paymentId]);
  });

  it('shows the decision in the timeline and the admin list once their projections have it', async () => {
    const [payment] = (await harness.app.inject({ url: '/api/payments', headers: { cookie: ada.cookie } })).json();
    const decided = await decidePayment(harness.eventStore, {
      payment: { ...payment, paymentId: payment.id },
      status: 'rejected',
      adminNotes: 'Wrong account',
    });
    const headers = { 'x-min-position': decided.position.toString() };
    const history = await harness.app.inject({
      url: `/api/payments/${payment.id}/history`,
      headers: { ...headers, cookie: ada.cookie },
    });
    expect(history.headers['x-read-model-stale']).toBeUndefined();
    expect(history.json().map((entry: { type: string }) => entry.type)).toEqual(['submitted', 'rejected']);
    const list = await harness.app.inject({ url: '/api/admin/payments', headers: { ...headers, ...ADMIN_AUTH } });
    expect(list.headers['x-read-model-stale']).toBeUndefined();
    expect(list.json().payments).toMatchObject([{ id: payment.id, status: 'rejected', adminNotes: 'Wrong account' }]);
  });

  it('serves what it has after the bound, flagged stale, for a position not reached', async () => {
    const head = await harness.eventStore.readHeadPosition();
    const response = await harness.app.inject({
      url: '/api/payments',
      headers: { cookie: ada.cookie, 'x-min-position': (head + 10_000_000n).toString() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-read-model-stale']).toBe('true');
    expect(response.json()).toHaveLength(1);
  });
});
