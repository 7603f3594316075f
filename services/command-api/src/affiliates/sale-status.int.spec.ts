import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { SALE_MESSAGES, SaleStatusUpdatedSchema } from '@acres/contracts';
import type { PaymentsHarness } from '../../test/payments-harness.ts';
import type { Problem } from '../../test/command-api-harness.ts';
import { SALE_ID_MESSAGE } from './routes.ts';
import { affiliateStreamId, saleStreamId } from './streams.ts';
import {
  ADMIN,
  basicAuth,
  putSaleStatus,
  reportSaleAs,
  signUpAffiliate,
  startAffiliatesApi,
  type RegisteredAffiliate,
} from '../../test/affiliates.ts';

const problemOf = (response: { json: <T>() => T }) => response.json<Problem>();

describe('the admin deciding reported sales', () => {
  let h: PaymentsHarness;
  let tunde: RegisteredAffiliate;

  /** A sale reported over HTTP: no projection needed, the route finds it from the sale's own stream. */
  const reportedSale = async (affiliate: RegisteredAffiliate, amountPaid = 1_000_000) =>
    (await reportSaleAs(h, affiliate, { amountPaid })).id;

  beforeAll(async () => {
    h = await startAffiliatesApi({ adminUrl: inject('pgAdminUrl') });
    tunde = await signUpAffiliate(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('verifies: 200 with the rate and the commission, SaleVerified on the affiliate stream', async () => {
    const saleId = await reportedSale(tunde, 1_234_567);
    const response = await putSaleStatus(h.app, saleId, { status: 'verified', notes: 'Receipt matches' });
    expect(response.statusCode, response.body).toBe(200);
    const body = SaleStatusUpdatedSchema.parse(response.json());
    expect(body).toEqual({
      id: saleId,
      status: 'verified',
      commissionRate: 5,
      computedCommission: 61_728,
      position: expect.stringMatching(/^\d+$/),
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const event = (await h.eventStore.readStream(affiliateStreamId(tunde.user.id))).at(-1)!;
    expect(event.globalPosition.toString()).toBe(body.position);
    expect(event).toMatchObject({
      type: 'SaleVerified',
      data: {
        saleId,
        affiliateId: tunde.affiliateId,
        verifiedSaleNumber: 1,
        commissionRateBps: 500,
        computedCommission: 61_728,
        notes: 'Receipt matches',
        verifiedBy: ADMIN.username,
      },
      metadata: { actor: { kind: 'admin', id: ADMIN.username } },
    });
  });

  it('rejects: 200 without a rate, notes left out stored as empty', async () => {
    const saleId = await reportedSale(tunde);
    const response = await putSaleStatus(h.app, saleId.toUpperCase(), { status: 'rejected' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: saleId, status: 'rejected', position: expect.any(String) });
    const event = (await h.eventStore.readStream(affiliateStreamId(tunde.user.id))).at(-1)!;
    expect(event).toMatchObject({ type: 'SaleRejected', data: { saleId, notes: '', rejectedBy: ADMIN.username } });
  });

  it.each([
    ['verified', 'verified', 'This sale has already been verified'],
    ['verified', 'rejected', 'This sale has already been verified'],
    ['rejected', 'verified', 'This sale has already been rejected'],
    ['rejected', 'rejected', 'This sale has already been rejected'],
  ])('decides a sale once: %s then %s is 409', async (first, second, message) => {
    const saleId = await reportedSale(tunde);
    expect((await putSaleStatus(h.app, saleId, { status: first, notes: '' })).statusCode).toBe(200);
    const before = (await h.eventStore.readStream(affiliateStreamId(tunde.user.id))).length;
    const again = await putSaleStatus(h.app, saleId, { status: second, notes: 'second look' });
    expect(again.statusCode).toBe(409);
    expect(problemOf(again).detail).toBe(message);
    expect(await h.eventStore.readStream(affiliateStreamId(tunde.user.id))).toHaveLength(before);
  });

  // Any 8-4-4-4-12 hex id is looked up, RFC 9562 version and variant or not (z.guid()).
  it.each([[randomUUID()], [randomUUID().toUpperCase()], ['00000000-0000-0000-0000-000000000001']])(
    'answers 404 for a sale that does not exist: %s',
    async (id) => {
      const response = await putSaleStatus(h.app, id, { status: 'verified', notes: '' });
      expect(response.statusCode).toBe(404);
      expect(problemOf(response).detail).toBe('Sale not found');
    },
  );

  it('answers 404 for a sale whose own stream names an affiliate stream that does not hold it', async () => {
    const saleId = randomUUID();
    await h.eventStore.appendToStream(
      saleStreamId(saleId),
      [
        {
          id: randomUUID(),
          type: 'SaleIdClaimed',
          data: { saleId, affiliateId: tunde.affiliateId, userId: tunde.user.id, claimedAt: new Date().toISOString() },
          metadata: {
            correlationId: randomUUID(),
            actor: { kind: 'user', id: tunde.user.id },
            schemaVersion: 1,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const response = await putSaleStatus(h.app, saleId, { status: 'verified', notes: '' });
    expect(response.statusCode).toBe(404);
    expect(problemOf(response).detail).toBe('Sale not found');
  });

  it.each([['not-a-uuid'], ['1'], [`${randomUUID()}x`]])('answers 400 naming the id for %s', async (id) => {
    const response = await putSaleStatus(h.app, id, { status: 'verified', notes: '' });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toEqual([{ field: 'id', message: SALE_ID_MESSAGE }]);
  });

  it.each([
    ['no status', { notes: 'ok' }, 'status', SALE_MESSAGES.status],
    ['pending', { status: 'pending' }, 'status', SALE_MESSAGES.status],
    ['notes too long', { status: 'verified', notes: 'x'.repeat(2001) }, 'notes', 'Notes must be at most 2000 characters'],
  ])('answers 400 for %s', async (_case, body, field, message) => {
    const response = await putSaleStatus(h.app, randomUUID(), body);
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toEqual([{ field, message }]);
  });
});

describe('commission tiers over HTTP', () => {
  const h = useHarness(() => startAffiliatesApi({ adminUrl: inject('pgAdminUrl') }));

  it('the 10th verified sale earns 750 bps and records CommissionTierReached; rejected sales do not count', async () => {
    const ada = await signUpAffiliate(h, { full_name: 'Ada Obi' });
    const reports = [];
    for (let i = 0; i < 12; i += 1) reports.push(await reportSaleAs(h, ada, { amountPaid: 1_234_567 }));
    // Two rejections first: they must not move the tier.
    for (const { id } of reports.slice(0, 2))
      expect((await putSaleStatus(h.app, id, { status: 'rejected', notes: '' })).statusCode).toBe(200);
    const answers = [];
    for (const { id } of reports.slice(2)) {
      const response = await putSaleStatus(h.app, id, { status: 'verified', notes: '' });
      expect(response.statusCode).toBe(200);
      answers.push(response.json<{ commissionRate: number; computedCommission: number }>());
    }
    expect(answers.map((answer) => answer.commissionRate)).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 7.5]);
    expect(answers[8]!.computedCommission).toBe(61_728);
    expect(answers[9]!.computedCommission).toBe(92_593);
    const events = await h.eventStore.readStream(affiliateStreamId(ada.user.id));
    const tiers = events.filter((event) => event.type === 'CommissionTierReached');
    expect(tiers.map((event) => event.data)).toEqual([
      { affiliateId: ada.affiliateId, rateBps: 750, verifiedSales: 10, reachedAt: expect.any(String) },
    ]);
    // It directly follows the 10th verification.
    expect(events.at(-2)).toMatchObject({ type: 'SaleVerified', data: { saleId: reports[11]!.id, verifiedSaleNumber: 10 } });
  });
});

describe('callers who are not the admin', () => {
  let h: PaymentsHarness;
  let saleId: string;
  let tunde: RegisteredAffiliate;

  beforeAll(async () => {
    h = await startAffiliatesApi({ adminUrl: inject('pgAdminUrl') });
    tunde = await signUpAffiliate(h);
    saleId = (await reportSaleAs(h, tunde)).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([
    ['no credentials', () => ({})],
    ['a wrong password', () => ({ authorization: basicAuth({ username: ADMIN.username, password: 'guess' }) })],
    ["the affiliate's own session cookie", () => ({ cookie: tunde.cookie })],
  ])('get 401 with %s, and nothing is decided', async (_case, headers: () => Record<string, string>) => {
    const response = await putSaleStatus(h.app, saleId, { status: 'verified', notes: '' }, headers());
    expect(response.statusCode).toBe(401);
    const events = await h.eventStore.readStream(affiliateStreamId(tunde.user.id));
    expect(events.map((event) => event.type)).toEqual(['AffiliateRegistered', 'SaleReported']);
  });

  it('get 401 before the id or body is looked at', async () => {
    expect((await putSaleStatus(h.app, 'not-a-uuid', { status: 'maybe' }, {})).statusCode).toBe(401);
  });
});
