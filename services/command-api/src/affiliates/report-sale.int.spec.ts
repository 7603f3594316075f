import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import type { PaymentsHarness } from '../../test/payments-harness.ts';
import type { Problem } from '../../test/command-api-harness.ts';
import { affiliateStreamId, saleStreamId } from './streams.ts';
import { postAs, signUpAffiliate, startAffiliatesApi, type RegisteredAffiliate } from '../../test/affiliates.ts';
import { todayUtc, validSaleReport } from '@acres/fixtures';

const report = (h: PaymentsHarness, body: unknown, headers: Record<string, string>) =>
  postAs(h.app, '/api/affiliate/report-sale', body, headers);

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('an affiliate reporting a sale', () => {
  let h: PaymentsHarness;
  let tunde: RegisteredAffiliate;

  beforeAll(async () => {
    h = await startAffiliatesApi({ adminUrl: inject('pgAdminUrl') });
    tunde = await signUpAffiliate(h);
  });
  afterAll(async () => h?.close());

  it('gets 201 {id, position}; SaleReported is pending on their stream', async () => {
    const response = await report(h, validSaleReport({ transactionDate: '2026-01-15' }), { cookie: tunde.cookie });
    expect(response.statusCode, response.body).toBe(201);
    const { id, position } = response.json<{ id: string; position: string }>();
    const events = await h.eventStore.readStream(affiliateStreamId(tunde.user.id));
    const reported = events.find((event) => event.type === 'SaleReported')!;
    expect(reported.globalPosition.toString()).toBe(position);
    expect(reported.data).toEqual({
      saleId: id,
      affiliateId: tunde.affiliateId,
      clientName: 'Ngozi Eze',
      clientPhone: '+2348091234567',
      clientEmail: null,
      acres: 1.5,
      amountPaid: 500_000,
      paymentPlan: 'installment',
      transactionDate: '2026-01-15',
      reportedAt: expect.any(String),
    });
  });

  it("claims the sale's own stream for the affiliate first, so the admin finds the sale by its id", async () => {
    const { id, position } = (await report(h, validSaleReport(), { cookie: tunde.cookie })).json<{
      id: string;
      position: string;
    }>();
    const claims = await h.eventStore.readStream(saleStreamId(id));
    expect(claims.map((event) => ({ type: event.type, data: event.data }))).toEqual([
      {
        type: 'SaleIdClaimed',
        data: { saleId: id, affiliateId: tunde.affiliateId, userId: tunde.user.id, claimedAt: expect.any(String) },
      },
    ]);
    expect(claims[0]!.globalPosition < BigInt(position)).toBe(true);
  });

  it('accepts the minimums, today, and an ISO date-time as the date', async () => {
    expect(
      (await report(h, validSaleReport({ acres: 0.5, amountPaid: 1000, transactionDate: todayUtc() }), { cookie: tunde.cookie }))
        .statusCode,
    ).toBe(201);
    const response = await report(h, validSaleReport({ transactionDate: '2026-02-03T10:00:00.000Z' }), { cookie: tunde.cookie });
    expect(response.statusCode).toBe(201);
    const events = await h.eventStore.readStream(affiliateStreamId(tunde.user.id));
    expect(events.at(-1)!.data).toMatchObject({ transactionDate: '2026-02-03' });
  });

  it.each([
    ['clientName', { clientName: 'N' }, 'Client name must be at least 2 characters'],
    ['clientPhone', { clientPhone: '12345' }, 'Please enter a valid Nigerian phone number'],
    ['acres', { acres: 0 }, 'Minimum 0.5 acres'],
    ['acres', { acres: 0.25 }, 'Minimum 0.5 acres'],
    ['acres', { acres: 0.75 }, 'Acres must be in steps of 0.5'],
    ['acres', { acres: '1' }, 'Minimum 0.5 acres'],
    ['amountPaid', { amountPaid: 999 }, 'Amount must be at least ₦1,000'],
    ['paymentPlan', { paymentPlan: 'monthly' }, 'Payment plan must be outright or installment'],
    ['transactionDate', { transactionDate: 'yesterday' }, 'Please enter a valid date'],
    ['transactionDate', { transactionDate: '2026-02-30' }, 'Please enter a valid date'],
    ['transactionDate', { transactionDate: daysFromToday(3) }, 'Transaction date cannot be in the future'],
  ])('refuses a bad %s with 400 naming it (%j), and writes nothing', async (field, patch, message) => {
    const before = (await h.eventStore.readStream(affiliateStreamId(tunde.user.id))).length;
    const response = await report(h, validSaleReport(patch), { cookie: tunde.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors).toEqual([{ field, message }]);
    expect(await h.eventStore.readStream(affiliateStreamId(tunde.user.id))).toHaveLength(before);
  });

  it('gets the first answer again for a retry with the same Idempotency-Key, and one sale', async () => {
    const headers = { cookie: tunde.cookie, 'idempotency-key': 'sale-retry-1' };
    const first = await report(h, validSaleReport({ clientName: 'Retry Client' }), headers);
    const retry = await report(h, validSaleReport({ clientName: 'Retry Client' }), headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const events = await h.eventStore.readStream(affiliateStreamId(tunde.user.id));
    expect(events.filter((event) => (event.data as { clientName?: string }).clientName === 'Retry Client')).toHaveLength(1);
    expect(await h.eventStore.readStream(saleStreamId(first.json<{ id: string }>().id))).toHaveLength(1);
  });

  it('keeps every one of many concurrent reports', async () => {
    const before = (await h.eventStore.readStream(affiliateStreamId(tunde.user.id))).length;
    const responses = await Promise.all(Array.from({ length: 12 }, () => report(h, validSaleReport(), { cookie: tunde.cookie })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(12).fill(201));
    expect(await h.eventStore.readStream(affiliateStreamId(tunde.user.id))).toHaveLength(before + 12);
  });
});

describe('reporting without a profile', () => {
  const h = useHarness(() => startAffiliatesApi({ adminUrl: inject('pgAdminUrl') }));

  it('is 404 "Register as an affiliate first" for a signed-in user, and writes nothing', async () => {
    const user = await h.signUp();
    const response = await report(h, validSaleReport(), { cookie: user.cookie });
    expect(response.statusCode).toBe(404);
    expect(response.json<Problem>().detail).toBe('Register as an affiliate first');
    expect(await h.eventStore.readStream(affiliateStreamId(user.user.id))).toEqual([]);
    expect((await h.eventStore.readAll({ maxCount: 10_000 })).filter((event) => event.type === 'SaleIdClaimed')).toEqual([]);
  });

  it('is 401 when signed out', async () => {
    expect((await report(h, validSaleReport(), {})).statusCode).toBe(401);
  });

  it("is 403 from a foreign page riding on an affiliate's cookie", async () => {
    const affiliate = await signUpAffiliate(h);
    const response = await report(h, validSaleReport(), { cookie: affiliate.cookie, origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });
});
