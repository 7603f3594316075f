import { randomUUID } from 'node:crypto';
import { AdminPaymentsResponseSchema, AllocationSchema, PaymentHistoryEntrySchema } from '@acres/contracts/payment';
import { decidePayment, submitPayment } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, ADMIN_AUTH, basicAuth } from '../../test/support.ts';
import { registerInvestor, startPaymentsHarness, type Investor, type PaymentsHarness } from '../../test/payments-harness.ts';

type Seeded = Awaited<ReturnType<typeof submitPayment>>;

describe('the admin reviewing payments', () => {
  let harness: PaymentsHarness;
  let ada: Investor;
  let bola: Investor;
  let lagging: Investor;
  const p = {} as Record<'adaApproved' | 'bolaRejected' | 'adaPending' | 'bolaApproved' | 'laggingPending', Seeded>;
  let rejection: Awaited<ReturnType<typeof decidePayment>>;
  let head = 0n;

  const admin = (url: string, headers: Record<string, string> = ADMIN_AUTH) => harness.app.inject({ url, headers });
  const idsOf = (body: { payments: { id: string }[] }) => body.payments.map((payment) => payment.id);

  beforeAll(async () => {
    harness = await startPaymentsHarness(inject('pgAdminUrl'));
    ada = await registerInvestor(harness, { email: 'ada@example.ng', firstName: 'Ada', lastName: 'Obi' });
    bola = await registerInvestor(harness, { email: 'bola@example.ng', firstName: null, lastName: null });
    lagging = await registerInvestor(harness, { email: 'late@example.ng', registered: false });
    const store = harness.eventStore;
    p.adaApproved = await submitPayment(store, { userId: ada.id, acres: 25, amount: 87_500_000 });
    p.bolaRejected = await submitPayment(store, { userId: bola.id, acres: 30, amount: 105_000_000 });
    p.adaPending = await submitPayment(store, { userId: ada.id, acres: 5, amount: 17_500_000 });
    p.bolaApproved = await submitPayment(store, { userId: bola.id, acres: 40, amount: 140_000_000 });
    p.laggingPending = await submitPayment(store, { userId: lagging.id, acres: 1, amount: 3_500_000 });
    await decidePayment(store, {
      payment: p.adaApproved,
      status: 'approved',
      adminNotes: 'Matches escrow',
      decidedBy: 'ops-admin',
    });
    rejection = await decidePayment(store, {
      payment: p.bolaRejected,
      status: 'rejected',
      adminNotes: 'Blurry receipt',
      decidedBy: 'ops-admin',
    });
    head = (await decidePayment(store, { payment: p.bolaApproved, status: 'approved' })).position;
    harness.startProjector();
    await harness.settle(head);
  });
  afterAll(async () => harness?.close());

  it('lists every payment newest first with the total and the submitter', async () => {
    const response = await admin('/api/admin/payments');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = AdminPaymentsResponseSchema.parse(response.json());
    expect(body.total).toBe(5);
    expect(idsOf(body)).toEqual(
      [p.laggingPending, p.bolaApproved, p.adaPending, p.bolaRejected, p.adaApproved].map((x) => x.paymentId),
    );
    expect(body.payments.find((payment) => payment.id === p.adaApproved.paymentId)).toMatchObject({
      userId: ada.id,
      acres: 25,
      amount: 87_500_000,
      status: 'approved',
      adminNotes: 'Matches escrow',
      approvedBy: 'ops-admin',
      submitterName: 'Ada Obi',
      submitterEmail: 'ada@example.ng',
    });
  });

  it('shows a submitter without a name by email only, and one not yet in the users read model without either', async () => {
    const { payments } = (await admin('/api/admin/payments')).json();
    const bolas = payments.find((payment: { id: string }) => payment.id === p.bolaRejected.paymentId);
    expect(bolas.submitterEmail).toBe('bola@example.ng');
    expect(bolas).not.toHaveProperty('submitterName');
    const laggings = payments.find((payment: { id: string }) => payment.id === p.laggingPending.paymentId);
    expect(laggings).toMatchObject({ userId: lagging.id, status: 'pending' });
    expect(laggings).not.toHaveProperty('submitterName');
    expect(laggings).not.toHaveProperty('submitterEmail');
  });

  it.each([
    ['pending', ['laggingPending', 'adaPending']],
    ['approved', ['bolaApproved', 'adaApproved']],
    ['rejected', ['bolaRejected']],
  ] as const)('filters by status=%s, the total counting the matches', async (status, expected) => {
    const body = (await admin(`/api/admin/payments?status=${status}`)).json();
    expect(body.total).toBe(expected.length);
    expect(idsOf(body)).toEqual(expected.map((key) => p[key].paymentId));
    expect(body.payments.every((payment: { status: string }) => payment.status === status)).toBe(true);
  });

  it('takes status=all as no filter', async () => {
    expect((await admin('/api/admin/payments?status=all')).json().total).toBe(5);
  });

  it('pages with limit and offset, the total staying the full count', async () => {
    const all = idsOf((await admin('/api/admin/payments')).json());
    const paged: string[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const body = (await admin(`/api/admin/payments?limit=2&offset=${offset}`)).json();
      expect(body.total).toBe(5);
      paged.push(...idsOf(body));
    }
    expect(paged).toEqual(all);
    expect((await admin('/api/admin/payments?status=pending&offset=10')).json()).toMatchObject({
      total: 2,
      payments: [],
      nextCursor: null,
    });
  });

  it('pages with keyset cursors forwards, from the last page backwards, and within a status', async () => {
    const all = idsOf((await admin('/api/admin/payments')).json());
    const forwards: string[] = [];
    let body = (await admin('/api/admin/payments?limit=2')).json();
    const lastCursor: string = body.lastCursor;
    for (;;) {
      expect(body.total).toBe(5);
      forwards.push(...idsOf(body));
      if (!body.nextCursor) break;
      body = (await admin(`/api/admin/payments?limit=2&cursor=${body.nextCursor}`)).json();
    }
    expect(forwards).toEqual(all);
    const backwards: string[] = [];
    body = (await admin(`/api/admin/payments?limit=2&cursor=${lastCursor}`)).json();
    expect(idsOf(body)).toEqual(all.slice(-2));
    for (;;) {
      backwards.unshift(...idsOf(body));
      if (!body.prevCursor) break;
      body = (await admin(`/api/admin/payments?limit=2&cursor=${body.prevCursor}`)).json();
    }
    expect(backwards).toEqual(all);
    const pending = idsOf((await admin('/api/admin/payments?status=pending')).json());
    const first = (await admin('/api/admin/payments?status=pending&limit=1')).json();
    const second = (await admin(`/api/admin/payments?status=pending&limit=1&cursor=${first.nextCursor}`)).json();
    expect([...idsOf(first), ...idsOf(second)]).toEqual(pending);
    expect(second).toMatchObject({ total: 2, nextCursor: null });
  });

  it.each([
    ['status=done', 'status'],
    ['status=', 'status'],
    ['status=PENDING', 'status'],
    ['status=pending&status=approved', 'status'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1.5', 'offset'],
    ['offset=1e30', 'offset'],
    ['cursor=not-a-cursor!', 'cursor'],
    [`cursor=${Buffer.from('after.2025-01-01T00:00:00.000000Z.nope').toString('base64url')}`, 'cursor'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await admin(`/api/admin/payments?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual([field]);
  });

  it('shows the admin any payment’s timeline, naming the admin who decided', async () => {
    const response = await admin(`/api/admin/payments/${p.bolaRejected.paymentId}/history`);
    expect(response.statusCode).toBe(200);
    expect(z.array(PaymentHistoryEntrySchema).parse(response.json())).toEqual([
      // No name on file: the email stands in.
      { type: 'submitted', at: p.bolaRejected.submittedAt, actor: 'bola@example.ng', notes: null },
      { type: 'rejected', at: rejection.decidedAt, actor: 'ops-admin', notes: 'Blurry receipt' },
    ]);
  });

  it('answers 404 for a history of an unknown or malformed payment id', async () => {
    for (const id of [randomUUID(), 'nope', '00000000-0000-0000-0000-00000000000g']) {
      const response = await admin(`/api/admin/payments/${id}/history`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Payment not found' });
    }
  });

  it('reports the allocation: approved acres, acres remaining, partners and slots', async () => {
    const response = await admin('/api/admin/allocation');
    expect(response.statusCode).toBe(200);
    // Ada's 25 and Bola's 40 approved; Bola's rejected 30 and the pending ones do not count.
    expect(AllocationSchema.parse(response.json())).toEqual({
      acresApproved: 65,
      acresRemaining: 135,
      partners: 2,
      partnerSlots: 10,
    });
  });

  it('fills in the payment counters', async () => {
    const response = await admin('/api/admin/counters');
    expect(response.json()).toMatchObject({ totalPayments: 5, pendingApprovals: 2, approvedPayments: 2 });
  });

  const ADMIN_URLS = () => [
    '/api/admin/payments',
    `/api/admin/payments/${p.adaApproved.paymentId}/history`,
    '/api/admin/allocation',
  ];

  it('answers 401 without credentials, with wrong ones, and to an investor’s session cookie', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: basicAuth(ADMIN.username, 'wrong password') },
      { authorization: basicAuth('ada@example.ng', ADMIN.password) },
      { cookie: ada.cookie },
    ];
    for (const url of ADMIN_URLS()) {
      for (const headers of attempts) {
        const response = await admin(url, headers);
        expect(response.statusCode, `${url} with ${JSON.stringify(Object.keys(headers))}`).toBe(401);
        expect(response.json()).toMatchObject({ status: 401, detail: 'Admin credentials are missing or wrong' });
        expect(response.body).not.toContain('ada@example.ng');
      }
    }
  });

  it('checks credentials before the query, so a stranger learns nothing from a 400', async () => {
    expect((await admin('/api/admin/payments?status=bogus', {})).statusCode).toBe(401);
  });
});

describe('the allocation before any approval', () => {
  let harness: PaymentsHarness;

  beforeAll(async () => {
    harness = await startPaymentsHarness(inject('pgAdminUrl'));
  });
  afterAll(async () => harness?.close());

  it('shows the whole project free', async () => {
    const response = await harness.app.inject({ url: '/api/admin/allocation', headers: ADMIN_AUTH });
    expect(response.json()).toEqual({
      acresApproved: 0,
      acresRemaining: 200,
      partners: 0,
      partnerSlots: 10,
      asOfPosition: expect.stringMatching(/^\d+$/),
    });
  });

  it('counts a partner once however many of their payments are approved, up to the full 200 acres', async () => {
    const investor = await registerInvestor(harness, { email: 'whale@example.ng', firstName: 'Big', lastName: 'Whale' });
    let last = 0n;
    for (const acres of [100, 60, 40]) {
      const payment = await submitPayment(harness.eventStore, { userId: investor.id, acres, amount: acres * 3_500_000 });
      last = (await decidePayment(harness.eventStore, { payment, status: 'approved' })).position;
    }
    harness.startProjector();
    const response = await harness.app.inject({
      url: '/api/admin/allocation',
      headers: { ...ADMIN_AUTH, 'x-min-position': last.toString() },
    });
    expect(response.headers['x-read-model-stale']).toBeUndefined();
    expect(response.json()).toEqual({
      acresApproved: 200,
      acresRemaining: 0,
      partners: 1,
      partnerSlots: 10,
      asOfPosition: last.toString(),
    });
  });
});
