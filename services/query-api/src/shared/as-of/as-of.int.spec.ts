import { statementMonthOf } from '@acres/contracts/affiliate-reads';
import { AllocationAsOfSchema, AffiliateStatementAsOfSchema } from '@acres/contracts/as-of';
import { createEvent } from '@acres/contracts/events';
import { PaymentsResponseSchema } from '@acres/contracts/payment';
import { runCli } from '../../../test/projector.ts';
import {
  decidePayment,
  newEvent,
  registerAffiliate,
  reportSale,
  submitPayment,
  verifySale,
  type RegisteredAffiliate,
  type ReportedSale,
} from '../../../test/projector.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerInvestor, startPaymentsHarness, type Investor, type PaymentsHarness } from '../../../test/payments-harness.ts';
import { ADMIN_AUTH } from '../../../test/support.ts';
import { formatClock, formatClockSeconds, lagosDayIso } from '@acres/contracts/lagos-time';

// As of any moment (issue 14, item 6): state taken at a position P stays the state at P,
// byte for byte, after later events and after a full rebuild of the read models.

const MONTH = statementMonthOf(new Date());
const lagosToday = () => lagosDayIso();

describe('views as of a log position', () => {
  let harness: PaymentsHarness;
  let ada: Investor;
  let bola: Investor;
  let chidi: Investor;
  let adaAffiliate: RegisteredAffiliate;
  let pendingSale: ReportedSale;
  let verifiedSale: ReportedSale;
  let adaPending: Awaited<ReturnType<typeof submitPayment>>;
  let p = 0n;
  let head = 0n;

  const get = (url: string, headers: Record<string, string>) => harness.app.inject({ url, headers });
  const asAda = (url: string) => get(url, { cookie: ada.cookie });
  const asAdmin = (url: string) => get(url, ADMIN_AUTH);
  const body = async (response: Awaited<ReturnType<typeof get>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  /** Every as-of view at one query string, as bytes. */
  const readAll = async (query: string) => ({
    allocation: await body(await asAdmin(`/api/admin/allocation?${query}`)),
    adaPayments: await body(await asAda(`/api/payments?${query}`)),
    statement: await body(await asAda(`/api/affiliate/statements?month=${MONTH}&${query}`)),
    statementCsv: await body(await asAda(`/api/affiliate/statements.csv?month=${MONTH}&${query}`)),
    adminStatementCsv: await body(await asAdmin(`/api/admin/affiliates/${ada.id}/statements.csv?month=${MONTH}&${query}`)),
  });

  beforeAll(async () => {
    harness = await startPaymentsHarness(inject('pgAdminUrl'));
    const store = harness.eventStore;
    ada = await registerInvestor(harness, { email: 'ada@example.ng', firstName: 'Ada' });
    bola = await registerInvestor(harness, { email: 'bola@example.ng', firstName: 'Bola' });
    chidi = await registerInvestor(harness, { email: 'chidi@example.ng', firstName: 'Chidi' });
    const adaApproved = await submitPayment(store, { userId: ada.id, acres: 25, amount: 87_500_000 });
    await decidePayment(store, { payment: adaApproved, status: 'approved', adminNotes: 'Matches the escrow statement' });
    adaPending = await submitPayment(store, { userId: ada.id, acres: 10, amount: 35_000_000 });
    const bolaApproved = await submitPayment(store, { userId: bola.id, acres: 40, amount: 140_000_000 });
    await decidePayment(store, { payment: bolaApproved, status: 'approved' });
    adaAffiliate = await registerAffiliate(store, { userId: ada.id, email: ada.email });
    verifiedSale = await reportSale(store, {
      affiliate: adaAffiliate,
      acres: 2,
      amountPaid: 7_000_000,
      clientName: 'Ngozi, "Eze"',
    });
    await verifySale(store, { sale: verifiedSale, verifiedAt: new Date().toISOString() });
    pendingSale = await reportSale(store, { affiliate: adaAffiliate, acres: 3, amountPaid: 10_500_000 });
    p = pendingSale.position;
    harness.startProjector();
    await harness.settle(p);
  });
  afterAll(async () => harness?.close());

  it('answers now with the position the read model was read at, and the same bytes as of that position', async () => {
    const now = await asAdmin('/api/admin/allocation');
    expect(now.headers['x-acres-event-position']).toBe(p.toString());
    expect(AllocationAsOfSchema.parse(now.json())).toEqual({
      acresApproved: 65,
      acresRemaining: 135,
      partners: 2,
      partnerSlots: 10,
      asOfPosition: p.toString(),
    });
    // The fold over the events and the projector's tables agree, byte for byte.
    expect(await readAll(`asOf=${p}`)).toEqual(await readAll(''));
  });

  it('keeps the state at P after later events, and after a full rebuild by the projections CLI', async () => {
    const atP = await readAll(`asOf=${p}`);
    const store = harness.eventStore;
    // Later: Ada's pending payment approved, a new one, a third partner, the pending sale
    // verified and the first sale paid out.
    await decidePayment(store, { payment: adaPending, status: 'approved' });
    await submitPayment(store, { userId: ada.id, acres: 5, amount: 17_500_000 });
    const chidiPayment = await submitPayment(store, { userId: chidi.id, acres: 20, amount: 70_000_000 });
    await decidePayment(store, { payment: chidiPayment, status: 'approved' });
    await verifySale(store, { sale: pendingSale, verifiedSaleNumber: 2, verifiedAt: new Date().toISOString() });
    const batchId = randomUUID();
    const commission = Math.round((verifiedSale.amountPaid * 500) / 10_000);
    const { data: created } = createEvent('PayoutBatchCreated', {
      batchId,
      upTo: lagosToday(),
      reference: `ACRES-PO-${batchId.slice(0, 6).toUpperCase()}`,
      items: [
        { saleId: verifiedSale.saleId, affiliateId: verifiedSale.affiliateId, affiliateUserId: ada.id, amount: commission },
      ],
      total: commission,
      createdBy: 'ops',
      createdAt: new Date().toISOString(),
    });
    const paid = { batchId, transferReference: 'GTB-0042', paidBy: 'ops', paidAt: new Date().toISOString() };
    ({ position: head } = await store.appendToStream(
      'payouts',
      [newEvent('PayoutBatchCreated', created), newEvent('PayoutBatchPaid', paid)],
      { expectedRevision: 'any' },
    ));
    await harness.settle(head);

    expect(await readAll(`asOf=${p}`)).toEqual(atP);
    const later = await readAll('');
    expect(later).not.toEqual(atP);
    expect(JSON.parse(later.allocation)).toMatchObject({ acresApproved: 95, partners: 3, asOfPosition: head.toString() });
    expect(later.statementCsv).toContain('GTB-0042');
    expect(await readAll(`asOf=${head}`)).toEqual(later);

    const { code, lines } = await runCli(harness, ['rebuild', '--all']);
    expect(code, lines.join('\n')).toBe(0);
    expect(await readAll(`asOf=${p}`)).toEqual(atP);
    expect(await readAll(`asOf=${head}`)).toEqual(later);
  });

  it('shows an investor their own payments as they stood, approved by "Admin", never another investor’s', async () => {
    const adaAtP = PaymentsResponseSchema.parse((await asAda(`/api/payments?asOf=${p}`)).json());
    expect(adaAtP.map((payment) => [payment.acres, payment.status, payment.approvedBy])).toEqual([
      [10, 'pending', null],
      [25, 'approved', 'Admin'],
    ]);
    const bolaAtP = await get(`/api/payments?asOf=${p}`, { cookie: bola.cookie });
    expect(bolaAtP.headers['x-acres-event-position']).toBe(p.toString());
    expect(PaymentsResponseSchema.parse(bolaAtP.json()).map((payment) => payment.userId)).toEqual([bola.id]);
    expect((await get(`/api/payments?asOf=${p}`, {})).statusCode).toBe(401);
  });

  it('cuts the statement at P: one verified sale, unpaid, named by its position in the CSV', async () => {
    const statement = AffiliateStatementAsOfSchema.parse(
      (await asAda(`/api/affiliate/statements?month=${MONTH}&asOf=${p}`)).json(),
    );
    expect(statement.sales.map((sale) => [sale.id, sale.commissionStatus])).toEqual([[verifiedSale.saleId, 'verified']]);
    expect(statement.asOfPosition).toBe(p.toString());
    const csv = await asAda(`/api/affiliate/statements.csv?month=${MONTH}&asOf=${p}`);
    expect(csv.body.split('\r\n')[0]).toBe(
      `\uFEFFSale ID,Client Name,Acres,Amount (NGN),Verified At (Lagos),Commission Rate (%),Commission (NGN),Commission Status,Paid At (Lagos),Transfer Reference`,
    );
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="affiliate-statement-${MONTH}-at-${p}.csv"`);
    expect(csv.body).not.toContain('GTB-0042');
  });

  it('resolves a Lagos date to the last position recorded by its end, and names the date', async () => {
    const today = await asAdmin(`/api/admin/allocation?asOfDate=${lagosToday()}`);
    expect(today.headers['x-acres-as-of-date']).toBe(lagosToday());
    expect(BigInt(today.json().asOfPosition)).toBeGreaterThanOrEqual(head);
    expect(today.json()).toMatchObject({ acresApproved: 95, asOfDate: lagosToday() });
    const before = await asAdmin('/api/admin/allocation?asOfDate=2020-01-01');
    expect(before.json()).toEqual({
      acresApproved: 0,
      acresRemaining: 200,
      partners: 0,
      partnerSlots: 10,
      asOfPosition: '0',
      asOfDate: '2020-01-01',
    });
  });

  it('resolves a Lagos date and time of day to the last position recorded by the end of that second or minute', async () => {
    const now = new Date();
    const second = formatClockSeconds(now);
    const atNow = await asAdmin(`/api/admin/allocation?asOfDate=${lagosToday()}&asOfTime=${second}`);
    expect(atNow.statusCode, atNow.body).toBe(200);
    expect(BigInt(atNow.json().asOfPosition)).toBeGreaterThanOrEqual(head);
    expect(atNow.json()).toMatchObject({ acresApproved: 95, asOfDate: lagosToday(), asOfTime: second });
    const early = await asAdmin('/api/admin/allocation?asOfDate=2020-01-01&asOfTime=12:00');
    expect(early.json()).toMatchObject({ acresApproved: 0, asOfPosition: '0', asOfDate: '2020-01-01', asOfTime: '12:00' });
    // A moment still to come has no answer yet.
    const later = new Date(now.getTime() + 2 * 3600_000);
    const laterDay = lagosDayIso(later);
    const laterTime = formatClock(later);
    const future = await asAda(`/api/payments?asOfDate=${laterDay}&asOfTime=${laterTime}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0].field).toBe(laterDay > lagosToday() ? 'asOfDate' : 'asOfTime');
  });

  it.each([
    ['asOf=abc', 'asOf', 'asOf must be an event-log position'],
    ['asOf=-1', 'asOf', 'asOf must be an event-log position'],
    ['asOf=99999999999999999999', 'asOf', 'asOf must be an event-log position'],
    ['asOf=9223372036854775807', 'asOf', 'asOf is beyond the last event in the log'],
    ['asOfDate=2026-02-30', 'asOfDate', 'asOfDate must be a calendar date written YYYY-MM-DD'],
    ['asOfDate=yesterday', 'asOfDate', 'asOfDate must be a calendar date written YYYY-MM-DD'],
    ['asOfDate=0202-01-01', 'asOfDate', 'asOfDate must be 2000-01-01 or later'],
    ['asOfDate=2999-01-01', 'asOfDate', 'asOfDate cannot be after today (Lagos)'],
    ['asOf=1&asOfDate=2026-01-01', 'asOf', 'Give asOf or asOfDate, not both'],
    ['asOfTime=12:00', 'asOfTime', 'asOfTime needs asOfDate'],
    ['asOfDate=2026-01-01&asOfTime=25:00', 'asOfTime', 'asOfTime must be a Lagos time written HH:MM or HH:MM:SS'],
    ['asOfDate=2026-01-01&asOfTime=noon', 'asOfTime', 'asOfTime must be a Lagos time written HH:MM or HH:MM:SS'],
  ])('answers 400 naming the field for %s on every as-of view', async (query, field, message) => {
    const responses = [
      await asAdmin(`/api/admin/allocation?${query}`),
      await asAda(`/api/payments?${query}`),
      await asAda(`/api/affiliate/statements?month=${MONTH}&${query}`),
      await asAda(`/api/affiliate/statements.csv?month=${MONTH}&${query}`),
      await asAdmin(`/api/admin/affiliates/${ada.id}/statements?month=${MONTH}&${query}`),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(400);
      const problem = response.json() as { errors: { field: string; message: string }[] };
      expect(problem.errors[0]!.field).toBe(field);
      expect(problem.errors[0]!.message).toContain(message);
    }
  });
});
