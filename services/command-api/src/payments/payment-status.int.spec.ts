import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_MESSAGES } from '@acres/contracts';
import type { Problem } from '../../test/command-api-harness.ts';
import { ALLOCATION_STREAM_ID } from '../allocation/streams.ts';
import { PAYMENT_ID_MESSAGE } from './admin-routes.ts';
import { ADMIN, basicAuth, startPaymentsApi, type Investor, type PaymentsHarness } from '../../test/payments-harness.ts';

const NOW = new Date('2026-06-02T15:30:00.000Z');

const start = () => startPaymentsApi({ adminUrl: inject('pgAdminUrl'), now: () => NOW });

const putStatus = (
  app: FastifyInstance,
  paymentId: string,
  body: unknown,
  headers: Record<string, string> = { authorization: basicAuth(ADMIN) },
) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/payments/${paymentId}/status`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

const problemOf = (response: { json: <T>() => T }) => response.json<Problem>();

/** The admin's decision with no notes, as the limit specs send it. */
const decide = (app: FastifyInstance, paymentId: string, status: 'approved' | 'rejected' = 'approved') =>
  putStatus(app, paymentId, { status, adminNotes: '' });

/** A command API of its own for the block: each limit spec starts from an empty allocation stream. */
const useFreshApi = () => {
  const api = {} as { h: PaymentsHarness };
  beforeAll(async () => {
    api.h = await start();
  });
  afterAll(async () => api.h?.close());
  return api;
};

describe('the admin deciding payments', () => {
  let h: PaymentsHarness;
  let ada: Investor;

  beforeAll(async () => {
    h = await start();
    ada = await h.signUp();
  });
  afterAll(async () => h?.close());

  it('approves: 200 with the status and position, PaymentApproved on the allocation stream with what was paid', async () => {
    const paymentId = await h.submitPayment(ada, 12);
    const response = await putStatus(h.app, paymentId, { status: 'approved', adminNotes: 'Matches the escrow statement' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: string; status: string; position: string }>();
    expect(body).toEqual({ id: paymentId, status: 'approved', position: expect.stringMatching(/^\d+$/) });
    expect(response.headers['cache-control']).toBe('no-store');
    const [event] = (await h.eventStore.readStream(ALLOCATION_STREAM_ID)).filter(
      (e) => (e.data as { paymentId: string }).paymentId === paymentId,
    );
    expect(event!.type).toBe('PaymentApproved');
    expect(event!.globalPosition.toString()).toBe(body.position);
    expect(event!.data).toEqual({
      paymentId,
      userId: ada.user.id,
      acres: 12,
      amount: 42_000_000,
      adminNotes: 'Matches the escrow statement',
      decidedBy: ADMIN.username,
      decidedAt: NOW.toISOString(),
    });
    expect(event!.metadata).toMatchObject({ actor: { kind: 'admin', id: ADMIN.username }, occurredAt: NOW.toISOString() });
  });

  it('rejects, with notes left out stored as empty', async () => {
    const paymentId = await h.submitPayment(ada, 7);
    const response = await putStatus(h.app, paymentId, { status: 'rejected' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: paymentId, status: 'rejected' });
    const events = await h.eventStore.readStream(ALLOCATION_STREAM_ID);
    expect(events.at(-1)).toMatchObject({ type: 'PaymentRejected', data: { paymentId, acres: 7, adminNotes: '' } });
  });

  it('accepts the id in capitals', async () => {
    const paymentId = await h.submitPayment(ada, 1);
    const response = await putStatus(h.app, paymentId.toUpperCase(), { status: 'rejected', adminNotes: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: paymentId });
  });

  it.each([
    ['approved', 'approved', 'This payment has already been approved'],
    ['approved', 'rejected', 'This payment has already been approved'],
    ['rejected', 'approved', 'This payment has already been rejected'],
    ['rejected', 'rejected', 'This payment has already been rejected'],
  ])('refuses a payment already %s when it is %s again: 409', async (first, second, message) => {
    const paymentId = await h.submitPayment(ada, 2);
    expect((await putStatus(h.app, paymentId, { status: first, adminNotes: 'first look' })).statusCode).toBe(200);
    const before = (await h.eventStore.readStream(ALLOCATION_STREAM_ID)).length;
    const again = await putStatus(h.app, paymentId, { status: second, adminNotes: 'second look' });
    expect(again.statusCode).toBe(409);
    expect(problemOf(again).detail).toBe(message);
    expect(await h.eventStore.readStream(ALLOCATION_STREAM_ID)).toHaveLength(before);
  });

  // Any 8-4-4-4-12 hex id is looked up, RFC 9562 version and variant or not (z.guid()).
  it.each([[randomUUID()], [randomUUID().toUpperCase()], ['00000000-0000-0000-0000-000000000001']])(
    'answers 404 for a payment that does not exist: %s',
    async (id) => {
      const response = await putStatus(h.app, id, { status: 'approved', adminNotes: '' });
      expect(response.statusCode).toBe(404);
      expect(problemOf(response).detail).toBe('Payment not found');
    },
  );

  it.each([['not-a-uuid'], ['1'], ['..%2F..%2Fetc'], [`${randomUUID()}x`]])('answers 400 naming the id for %s', async (id) => {
    const response = await putStatus(h.app, id, { status: 'approved', adminNotes: '' });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toEqual([{ field: 'id', message: PAYMENT_ID_MESSAGE }]);
  });

  it.each([
    ['no status', { adminNotes: 'ok' }, 'status', PAYMENT_MESSAGES.status],
    ['pending', { status: 'pending' }, 'status', PAYMENT_MESSAGES.status],
    ['notes that are not text', { status: 'approved', adminNotes: 42 }, 'adminNotes', 'Admin notes must be text'],
    [
      'notes too long',
      { status: 'approved', adminNotes: 'x'.repeat(2001) },
      'adminNotes',
      'Admin notes must be at most 2000 characters',
    ],
  ])('answers 400 for %s', async (_case, body, field, message) => {
    const paymentId = await h.submitPayment(ada, 1);
    const response = await putStatus(h.app, paymentId, body);
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toEqual([{ field, message }]);
  });

  it('decides on what the payment stream says, whatever else the body carries', async () => {
    const paymentId = await h.submitPayment(ada, 3);
    const response = await putStatus(h.app, paymentId, { status: 'approved', adminNotes: '', acres: 1, userId: randomUUID() });
    expect(response.statusCode).toBe(200);
    const events = await h.eventStore.readStream(ALLOCATION_STREAM_ID);
    expect(events.at(-1)!.data).toMatchObject({ paymentId, acres: 3, userId: ada.user.id });
  });
});

describe('callers who are not the admin', () => {
  let h: PaymentsHarness;
  let ada: Investor;
  let paymentId: string;

  beforeAll(async () => {
    h = await start();
    ada = await h.signUp();
    paymentId = await h.submitPayment(ada, 5);
  });
  afterAll(async () => h?.close());

  it.each([
    ['no credentials', () => ({})],
    ['a wrong password', () => ({ authorization: basicAuth({ username: ADMIN.username, password: 'guess' }) })],
    ['a wrong username', () => ({ authorization: basicAuth({ username: 'root', password: ADMIN.password }) })],
    ['a malformed header', () => ({ authorization: 'Basic !!!' })],
    ['an investor’s session cookie', () => ({ cookie: ada.cookie })],
  ])('get 401 with %s, and nothing is decided', async (_case, headers: () => Record<string, string>) => {
    const response = await putStatus(h.app, paymentId, { status: 'approved', adminNotes: '' }, headers());
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await h.eventStore.readStream(ALLOCATION_STREAM_ID)).toEqual([]);
  });

  it('get 401 before the id or body is looked at', async () => {
    const response = await putStatus(h.app, 'not-a-uuid', { status: 'maybe' }, {});
    expect(response.statusCode).toBe(401);
  });
});

describe('the allocation limits over HTTP', () => {
  const api = useFreshApi();

  it('approves up to exactly 200 acres and refuses past them with the numbers', async () => {
    const big = await api.h.signUp();
    expect((await decide(api.h.app, await api.h.submitPayment(big, 180))).statusCode).toBe(200);
    const tooMany = await decide(api.h.app, await api.h.submitPayment(big, 30));
    expect(tooMany.statusCode).toBe(409);
    expect(problemOf(tooMany).detail).toBe(
      'Approving 30 acres would exceed the 200-acre project: 180 acres are already approved, 20 remain',
    );
    expect((await decide(api.h.app, await api.h.submitPayment(big, 20))).statusCode).toBe(200);
  });

  it('still rejects once the project is full', async () => {
    const late = await api.h.signUp();
    const response = await putStatus(api.h.app, await api.h.submitPayment(late, 10), {
      status: 'rejected',
      adminNotes: 'Project is full',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the partner limit over HTTP', () => {
  const api = useFreshApi();

  it('approves 10 partners, refuses the 11th, and still approves a partner’s second payment', async () => {
    const investors = await Promise.all(Array.from({ length: 11 }, () => api.h.signUp()));
    for (const investor of investors.slice(0, 10)) {
      expect((await decide(api.h.app, await api.h.submitPayment(investor, 2))).statusCode).toBe(200);
    }
    const eleventh = await decide(api.h.app, await api.h.submitPayment(investors[10]!, 2));
    expect(eleventh.statusCode).toBe(409);
    expect(problemOf(eleventh).detail).toBe('All 10 partner slots are taken');
    const again = await decide(api.h.app, await api.h.submitPayment(investors[0]!, 2));
    expect(again.statusCode).toBe(200);
  });
});

describe('two command API processes over one allocation stream', () => {
  const api = useFreshApi();

  it('each sees what the other decided, however stale its own view', async () => {
    const other = await api.h.buildApp();
    const ada = await api.h.signUp();
    const first = await api.h.submitPayment(ada, 100);
    const second = await api.h.submitPayment(ada, 100);
    const third = await api.h.submitPayment(ada, 1);
    // Both processes have read the stream once.
    expect((await decide(other, await api.h.submitPayment(ada, 1), 'rejected')).statusCode).toBe(200);
    expect((await decide(api.h.app, first)).statusCode).toBe(200);
    // `other` last saw the stream before that approval: it must not decide `first` again.
    const twice = await decide(other, first, 'rejected');
    expect(twice.statusCode).toBe(409);
    expect(problemOf(twice).detail).toBe('This payment has already been approved');
    expect((await decide(other, second)).statusCode).toBe(200);
    const full = await decide(api.h.app, third);
    expect(full.statusCode).toBe(409);
    expect(problemOf(full).detail).toBe(
      'Approving 1 acre would exceed the 200-acre project: 200 acres are already approved, none remain',
    );
  });
});
