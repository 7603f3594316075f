import { AdminPaymentsResponseSchema } from '@acres/contracts/payment';
import { EXPORT_POSITION_HEADER, PAYMENT_AUDIT_MESSAGES } from '@acres/contracts/payment-audit';
import { createPool } from '@acres/platform/db';
import { decidePayment, submitPayment } from '../../test/projector.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_AUTH } from '../../test/support.ts';
import { registerInvestor, startPaymentsHarness, type Investor, type PaymentsHarness } from '../../test/payments-harness.ts';
import { createPaymentsCsvStream, PAYMENTS_CSV_HEADER } from './csv.ts';

type Seeded = Awaited<ReturnType<typeof submitPayment>>;

// The payment audit (issue 12, item 3): search, filters, keyset pages and the CSV export.
describe('the admin auditing payments', () => {
  let harness: PaymentsHarness;
  let ada: Investor;
  let chinedu: Investor;
  const p = {} as Record<'adaJan' | 'adaFebShort' | 'chineduFeb' | 'chineduMarLateNight' | 'legacy', Seeded>;
  let head = 0n;

  const admin = (url: string) => harness.app.inject({ url, headers: ADMIN_AUTH });
  const list = async (query: string) => {
    const response = await admin(`/api/admin/payments?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return AdminPaymentsResponseSchema.parse(response.json());
  };
  const idsOf = (body: { payments: { id: string }[] }) => body.payments.map((payment) => payment.id);

  beforeAll(async () => {
    harness = await startPaymentsHarness(inject('pgAdminUrl'));
    ada = await registerInvestor(harness, { email: 'ada.obi@bank.example', firstName: 'Ada', lastName: 'Obi' });
    chinedu = await registerInvestor(harness, { email: 'chinedu@farm.example', firstName: 'Chinedu', lastName: 'Eze' });
    const store = harness.eventStore;
    const submissions: Record<keyof typeof p, Parameters<typeof submitPayment>[1]> = {
      adaJan: { userId: ada.id, acres: 2, amount: 7_000_000, submittedAt: '2026-01-10T09:00:00.000Z' },
      // ₦500,000 short of 25 acres.
      adaFebShort: { userId: ada.id, acres: 25, amount: 87_000_000, submittedAt: '2026-02-01T09:00:00.000Z' },
      chineduFeb: { userId: chinedu.id, acres: 1, amount: 3_500_000, submittedAt: '2026-02-28T12:00:00.000Z' },
      // 23:30 UTC on 31 March is already 1 April in Lagos.
      chineduMarLateNight: { userId: chinedu.id, acres: 3, amount: 10_500_000, submittedAt: '2026-03-31T23:30:00.000Z' },
      // A version 1 event, from before the price check was stored: 1 acre, ₦100,000 over.
      legacy: {
        userId: chinedu.id,
        acres: 1,
        amount: 3_600_000,
        submittedAt: '2026-04-02T08:00:00.000Z',
        expectedAmount: undefined,
      },
    };
    // One at a time, so the log holds them in this order.
    for (const [key, submission] of Object.entries(submissions)) {
      p[key as keyof typeof p] = await submitPayment(store, submission);
    }
    await decidePayment(store, { payment: p.adaJan, status: 'approved', adminNotes: 'Escrow matches', decidedBy: 'auditor-ops' });
    head = (
      await decidePayment(store, {
        payment: p.chineduFeb,
        status: 'rejected',
        adminNotes: 'Receipt, says "pending"',
        decidedBy: 'second-admin',
        decidedAt: '2026-03-01T10:00:00.000Z',
      })
    ).position;
    harness.startProjector();
    await harness.settle(head);
  });
  afterAll(async () => harness?.close());

  it('searches by a fragment of the investor name, case-insensitively', async () => {
    const body = await list('search=OBI');
    expect(idsOf(body)).toEqual([p.adaFebShort.paymentId, p.adaJan.paymentId]);
    expect(body.total).toBe(2);
    expect(idsOf(await list('search=ada%20ob'))).toEqual([p.adaFebShort.paymentId, p.adaJan.paymentId]);
  });

  it('searches by a fragment of the email and of the payment id', async () => {
    expect(idsOf(await list('search=farm.exam'))).toEqual([
      p.legacy.paymentId,
      p.chineduMarLateNight.paymentId,
      p.chineduFeb.paymentId,
    ]);
    expect(idsOf(await list(`search=${p.chineduFeb.paymentId.slice(9, 23).toUpperCase()}`))).toEqual([p.chineduFeb.paymentId]);
    // A whole email is that investor's payments exactly, whatever its case.
    expect(idsOf(await list('search=Ada.Obi%40Bank.Example'))).toEqual([p.adaFebShort.paymentId, p.adaJan.paymentId]);
    expect((await list('search=da.obi%40bank.example')).payments).toEqual([]);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await list('search=%25')).payments).toEqual([]);
    expect((await list('search=_')).payments).toEqual([]);
  });

  it('filters by status, by investor, and by Lagos days of submission, both ends included', async () => {
    expect(idsOf(await list('status=rejected'))).toEqual([p.chineduFeb.paymentId]);
    expect(idsOf(await list(`investor=${ada.id}`))).toEqual([p.adaFebShort.paymentId, p.adaJan.paymentId]);
    expect(idsOf(await list('from=2026-02-01&to=2026-02-28'))).toEqual([p.chineduFeb.paymentId, p.adaFebShort.paymentId]);
    // The late-night payment of 31 March UTC belongs to 1 April in Lagos.
    expect(idsOf(await list('from=2026-04-01&to=2026-04-01'))).toEqual([p.chineduMarLateNight.paymentId]);
    expect(idsOf(await list('to=2026-03-31'))).toEqual([p.chineduFeb.paymentId, p.adaFebShort.paymentId, p.adaJan.paymentId]);
  });

  it('combines filters, each narrowing the others, with a total of the matches', async () => {
    const body = await list(`search=chinedu&status=pending&from=2026-03-01&investor=${chinedu.id}`);
    expect(idsOf(body)).toEqual([p.legacy.paymentId, p.chineduMarLateNight.paymentId]);
    expect(body.total).toBe(2);
    // 'obi', not 'ada': a, d and e are hex digits, and a payment id fragment matches too.
    expect((await list(`search=obi&investor=${chinedu.id}`)).total).toBe(0);
  });

  it('shows who decided and when, with the price check of every payment (also of a version 1 event)', async () => {
    const { payments } = await list('');
    const byId = new Map(payments.map((payment) => [payment.id, payment]));
    expect(byId.get(p.chineduFeb.paymentId)).toMatchObject({
      status: 'rejected',
      approvedBy: 'second-admin',
      processedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(byId.get(p.adaFebShort.paymentId)).toMatchObject({ expectedAmount: 87_500_000, amountDifference: -500_000 });
    expect(byId.get(p.legacy.paymentId)).toMatchObject({ expectedAmount: 3_500_000, amountDifference: 100_000 });
  });

  it('pages the filtered list with keyset cursors, forwards and back', async () => {
    const first = await list('search=example&limit=2');
    expect(first.total).toBe(5);
    expect(idsOf(first)).toEqual([p.legacy.paymentId, p.chineduMarLateNight.paymentId]);
    const second = await list(`search=example&limit=2&cursor=${first.nextCursor}`);
    expect(idsOf(second)).toEqual([p.chineduFeb.paymentId, p.adaFebShort.paymentId]);
    const third = await list(`search=example&limit=2&cursor=${second.nextCursor}`);
    expect(idsOf(third)).toEqual([p.adaJan.paymentId]);
    expect(third.nextCursor).toBeNull();
    const back = await list(`search=example&limit=2&cursor=${third.prevCursor}`);
    expect(idsOf(back)).toEqual(idsOf(second));
    // The last page is the oldest full page, as in the admin's other lists.
    const last = await list(`search=example&limit=2&cursor=${first.lastCursor}`);
    expect(idsOf(last)).toEqual([p.adaFebShort.paymentId, p.adaJan.paymentId]);
  });

  it.each([
    ['from=2026-13-01', 'from', `from ${PAYMENT_AUDIT_MESSAGES.date}`],
    ['from=2026-03-02&to=2026-03-01', 'to', PAYMENT_AUDIT_MESSAGES.range],
    ['investor=ada', 'investor', PAYMENT_AUDIT_MESSAGES.investor],
    ['status=lost', 'status', PAYMENT_AUDIT_MESSAGES.status],
  ])('answers 400 problem+json naming the field for %s', async (query, field, message) => {
    for (const path of ['/api/admin/payments', '/api/admin/payments/export.csv']) {
      const response = await admin(`${path}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(response.json())).toContain(field);
      expect(JSON.stringify(response.json())).toContain(message);
    }
  });

  it('exports the filtered set as CSV, header first, with the event-log position in its name and last line', async () => {
    const response = await admin('/api/admin/payments/export.csv?search=chinedu&status=rejected');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const position = response.headers[EXPORT_POSITION_HEADER];
    expect(position).toBe(head.toString());
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="payments-\\d{4}-\\d{2}-\\d{2}-at-${head}\\.csv"$`),
    );
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    // A spreadsheet takes the first line for the header row: nothing may come before it.
    expect(lines[0]).toBe(PAYMENTS_CSV_HEADER.join(','));
    expect(lines[1]).toBe(
      [
        p.chineduFeb.paymentId,
        '2026-02-28 13:00:00',
        'Chinedu Eze',
        'chinedu@farm.example',
        chinedu.id,
        1,
        3_500_000,
        3_500_000,
        0,
        'rejected',
        'second-admin',
        '2026-03-01 11:00:00',
        '"Receipt, says ""pending"""',
        p.chineduFeb.proofImagePath,
      ].join(','),
    );
    expect(lines.slice(2)).toEqual([
      `"Acres payment audit as at event-log position ${head}; filters: search ""chinedu"", status rejected"`,
      '',
    ]);
  });

  it('streams every matching payment across export pages, newest first', async () => {
    const body = (await admin('/api/admin/payments/export.csv')).body;
    const ids = body
      .split('\r\n')
      .slice(1, -2)
      .map((line) => line.split(',')[0]);
    expect(ids).toEqual(
      [p.legacy, p.chineduMarLateNight, p.chineduFeb, p.adaFebShort, p.adaJan].map((payment) => payment.paymentId),
    );
    expect(body).toContain('filters: none (every payment)');
  });

  it('reads page after page in one snapshot and gives its connection back, read to the end or abandoned', async () => {
    // One connection: a stream that kept it would leave the next query waiting forever.
    const pool = createPool({ connectionString: harness.db.url, max: 1 });
    try {
      const full = await createPaymentsCsvStream({
        pool,
        filter: { search: 'example', status: undefined },
        now: new Date(),
        pageSize: 2,
      });
      let text = '';
      for await (const chunk of full.stream) text += String(chunk);
      expect(full.position).toBe(head);
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(2 + 5);
      const abandoned = await createPaymentsCsvStream({
        pool,
        filter: { search: undefined, status: undefined },
        now: new Date(),
        pageSize: 2,
      });
      abandoned.stream.destroy();
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
