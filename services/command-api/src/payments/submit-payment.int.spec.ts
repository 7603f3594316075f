import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@acres/contracts';
import { createTestSession } from '@acres/platform/test';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../commands/handle-command.ts';
import type { Problem } from '../../test/command-api-harness.ts';
import { paymentProofClaimStreamId, paymentStreamId } from './streams.ts';
import { startPaymentsApi, type Investor, type PaymentsHarness } from '../../test/payments-harness.ts';

const NOW = new Date('2026-06-01T09:00:00.000Z');
let h: PaymentsHarness;
let ada: Investor;
let ben: Investor;
let adaProof: string;

beforeAll(async () => {
  h = await startPaymentsApi({ adminUrl: inject('pgAdminUrl'), now: () => NOW });
  ada = await h.signUp('ada@example.ng');
  ben = await h.signUp('ben@example.ng');
  adaProof = await h.uploadProof({ kind: 'user', id: ada.user.id });
});
afterAll(async () => h?.close());

/** The position of the last event a submission here was answered with. */
let head = 0n;
const submit = async (body: unknown, headers: Record<string, string> = {}) => {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  const position = response.statusCode === 201 ? response.json<{ position?: string }>().position : undefined;
  if (position && BigInt(position) > head) head = BigInt(position);
  return response;
};

const asAda = (body: unknown, headers: Record<string, string> = {}) => submit(body, { cookie: ada.cookie, ...headers });
const payment = (overrides: Record<string, unknown> = {}) => ({
  acres: 25,
  amount: 87_500_000,
  proofImagePath: adaProof,
  ...overrides,
});
/** One proof image backs one payment: every accepted submission needs its own upload. */
const freshProof = () => h.uploadProof({ kind: 'user', id: ada.user.id });
const problemOf = (response: { json: <T>() => T }) => response.json<Problem>();
/**
 * Counted once the global log shows the last answered submission: a commit joins it when no
 * older append can still land below it, and the other files' databases on the run's server
 * can hold that back for a moment after the answer.
 */
const paymentEventCount = async () => {
  let events = await h.eventStore.readAll({ maxCount: 10_000 });
  const through = () => head === 0n || events.some((event) => event.globalPosition >= head);
  await expect
    .poll(async () => {
      events = await h.eventStore.readAll({ maxCount: 10_000 });
      return through();
    })
    .toBe(true);
  return events.filter((e) => e.type === 'PaymentProofSubmitted').length;
};

describe('an investor with an uploaded proof', () => {
  it('has no payment just for having uploaded it', async () => {
    await h.uploadProof({ kind: 'user', id: ada.user.id });
    expect(await paymentEventCount()).toBe(0);
  });

  it('submits it: 201 with the id and position, PaymentProofSubmitted on payment-{id}, the investor as actor', async () => {
    const response = await asAda(payment(), { origin: 'http://localhost' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; position: string }>();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    const [event, ...rest] = await h.eventStore.readStream(paymentStreamId(body.id));
    expect(rest).toEqual([]);
    expect(event!.globalPosition.toString()).toBe(body.position);
    expect(event!.type).toBe('PaymentProofSubmitted');
    expect(event!.data).toEqual({
      paymentId: body.id,
      userId: ada.user.id,
      leadId: null,
      acres: 25,
      amount: 87_500_000,
      proofImagePath: adaProof,
      submittedAt: NOW.toISOString(),
      expectedAmount: 87_500_000,
      amountDifference: 0,
    });
    expect(event!.metadata).toMatchObject({
      actor: { kind: 'user', id: ada.user.id },
      schemaVersion: 2,
      occurredAt: NOW.toISOString(),
    });
  });

  it('may submit the bounds of 1 and 200 acres at their price', async () => {
    expect((await asAda(payment({ acres: 1, amount: 3_500_000, proofImagePath: await freshProof() }))).statusCode).toBe(201);
    expect((await asAda(payment({ acres: 200, amount: 700_000_000, proofImagePath: await freshProof() }))).statusCode).toBe(201);
  });

  it('records an amount other than the price with the expected amount and the difference for the reviewer', async () => {
    for (const [acres, amount, expectedAmount, amountDifference] of [
      [25, 87_000_000, 87_500_000, -500_000],
      [1, 4_000_000, 3_500_000, 500_000],
    ] as const) {
      const response = await asAda(payment({ acres, amount, proofImagePath: await freshProof() }));
      expect(response.statusCode).toBe(201);
      const [event] = await h.eventStore.readStream(paymentStreamId(response.json<{ id: string }>().id));
      expect(event!.data).toMatchObject({ acres, amount, expectedAmount, amountDifference });
    }
  });
});

describe('one proof image, one payment', () => {
  it('refuses a second payment with the same proof with 409 problem+json naming the proof, and writes nothing', async () => {
    const proof = await freshProof();
    const first = await asAda(payment({ acres: 2, amount: 7_000_000, proofImagePath: proof }));
    expect(first.statusCode).toBe(201);
    const before = await paymentEventCount();
    const second = await asAda(payment({ acres: 3, amount: 10_500_000, proofImagePath: proof }));
    expect(second.statusCode).toBe(409);
    expect(second.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problemOf(second).detail).toBe(PAYMENT_MESSAGES.proofAlreadyUsed);
    expect(problemOf(second).errors).toEqual([{ field: 'proofImagePath', message: PAYMENT_MESSAGES.proofAlreadyUsed }]);
    expect(await paymentEventCount()).toBe(before);
    const [claim, ...more] = await h.eventStore.readStream(paymentProofClaimStreamId(proof));
    expect(more).toEqual([]);
    expect(claim).toMatchObject({
      type: 'PaymentProofClaimed',
      data: { objectPath: proof, paymentId: first.json<{ id: string }>().id },
    });
  });

  it('accepts exactly one of many racing submissions of one proof', async () => {
    const proof = await freshProof();
    const before = await paymentEventCount();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => asAda(payment({ acres: i + 1, amount: (i + 1) * 3_500_000, proofImagePath: proof }))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await paymentEventCount()).toBe(before + 1);
  });
});

describe('a payment submitted with an Idempotency-Key', () => {
  it('answers a retry with the first result and writes once', async () => {
    const key = `pay-${randomUUID()}`;
    const proofImagePath = await freshProof();
    const first = await asAda(payment({ acres: 3, amount: 10_500_000, proofImagePath }), { 'idempotency-key': key });
    const again = await asAda(payment({ acres: 3, amount: 10_500_000, proofImagePath }), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await h.eventStore.readStream(paymentStreamId(first.json<{ id: string }>().id))).toHaveLength(1);
  });

  it('refuses the same key with a different body', async () => {
    const key = `pay-${randomUUID()}`;
    const proofImagePath = await freshProof();
    expect(
      (await asAda(payment({ acres: 4, amount: 4 * 3_500_000, proofImagePath }), { 'idempotency-key': key })).statusCode,
    ).toBe(201);
    const reused = await asAda(payment({ acres: 5, amount: 5 * 3_500_000, proofImagePath }), { 'idempotency-key': key });
    expect(reused.statusCode).toBe(409);
    expect(problemOf(reused).detail).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  });

  it("keeps another investor's identical key apart", async () => {
    const key = `shared-${randomUUID()}`;
    const benProof = await h.uploadProof({ kind: 'user', id: ben.user.id });
    const adas = await asAda(payment({ acres: 6, amount: 6 * 3_500_000, proofImagePath: await freshProof() }), {
      'idempotency-key': key,
    });
    const bens = await submit(payment({ acres: 6, amount: 6 * 3_500_000, proofImagePath: benProof }), {
      cookie: ben.cookie,
      'idempotency-key': key,
    });
    expect(adas.statusCode).toBe(201);
    expect(bens.statusCode).toBe(201);
    expect(bens.headers['idempotent-replayed']).toBeUndefined();
    expect(bens.json<{ id: string }>().id).not.toBe(adas.json<{ id: string }>().id);
  });
});

describe('a payment with bad fields', () => {
  it.each([
    ['no acres', { acres: undefined }, 'acres', PAYMENT_MESSAGES.minAcres],
    ['0 acres', { acres: 0 }, 'acres', PAYMENT_MESSAGES.minAcres],
    ['201 acres', { acres: 201 }, 'acres', PAYMENT_MESSAGES.maxAcres],
    ['no amount', { amount: undefined }, 'amount', PAYMENT_MESSAGES.amount],
    ['an amount of 0', { amount: 0 }, 'amount', PAYMENT_MESSAGES.amount],
    ['a negative amount', { amount: -100 }, 'amount', PAYMENT_MESSAGES.amount],
    ['an amount in kobo', { amount: 1.5 }, 'amount', 'Amount must be a whole number of naira'],
    ['no proof path', { proofImagePath: undefined }, 'proofImagePath', PAYMENT_MESSAGES.proofImage],
    ['a blank proof path', { proofImagePath: '  ' }, 'proofImagePath', PAYMENT_MESSAGES.proofImage],
  ])('refuses %s with 400 naming the field', async (_case, overrides, field, message) => {
    const before = await paymentEventCount();
    const response = await asAda(payment(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problemOf(response).errors).toEqual([{ field, message }]);
    expect(await paymentEventCount()).toBe(before);
  });

  it('names every failing field at once', async () => {
    const response = await asAda({ acres: 0, amount: 0 });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toEqual(
      expect.arrayContaining([
        { field: 'acres', message: PAYMENT_MESSAGES.minAcres },
        { field: 'amount', message: PAYMENT_MESSAGES.amount },
        { field: 'proofImagePath', message: PAYMENT_MESSAGES.proofImage },
      ]),
    );
  });
});

describe('a payment whose proof is not this investor’s uploaded image', () => {
  it.each([
    ['a path where nothing was uploaded', () => `/objects/uploads/${randomUUID()}`],
    ['a path outside the object store', () => '/objects/uploads/../../etc/passwd'],
    ['an outside URL', () => 'https://example.com/receipt.png'],
    ['another investor’s upload', () => h.uploadProof({ kind: 'user', id: ben.user.id })],
    ['a visitor’s upload', () => h.uploadProof({ kind: 'visitor', id: ada.user.id })],
  ])('refuses %s with 400 on proofImagePath, writing nothing', async (_case, proofPath) => {
    const before = await paymentEventCount();
    const response = await asAda(payment({ proofImagePath: await proofPath() }));
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toEqual([{ field: 'proofImagePath', message: PAYMENT_MESSAGES.proofNotUploaded }]);
    expect(await paymentEventCount()).toBe(before);
  });
});

describe('a caller who is not signed in', () => {
  it('gets 401 Unauthorized', async () => {
    const response = await submit(payment());
    expect(response.statusCode).toBe(401);
    expect(problemOf(response).detail).toBe('Unauthorized');
  });

  it('gets 401 before the body is judged', async () => {
    const response = await submit({ acres: 'lots' });
    expect(response.statusCode).toBe(401);
  });

  it('gets 401 with a forged or expired session cookie', async () => {
    expect((await submit(payment(), { cookie: `acres.sid=${'A'.repeat(43)}` })).statusCode).toBe(401);
    const expired = await createTestSession({ pool: h.db.pool, user: ada.user, expiresInMs: -1000 });
    expect((await submit(payment(), { cookie: expired })).statusCode).toBe(401);
  });
});

describe('a signed-in investor’s cookie sent from another site', () => {
  it('is refused with 403 and nothing is written', async () => {
    const before = await paymentEventCount();
    const response = await asAda(payment(), { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).detail).toBe('Cross-site request refused');
    expect(await paymentEventCount()).toBe(before);
  });
});
