// Issue 12, item 5, end to end through the product's own routes: a sale reported with its
// proof, verified, gathered into a payout batch (one batch per commission, even when two
// admins click at once), exported for the bank and paid once; and a suspended affiliate
// refused when reporting a sale.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePng, send, signUp, type Investor } from '../../../tests/browser/fixtures/api.ts';
import { registerAffiliate, uploadProof } from '../test/account-calls.ts';
import { adminFetch, waitFor } from '../test/spec-helpers.ts';
import { startStandaloneForTest, type StandaloneTestServer } from '../test/test-server.ts';

const NOT_ACTIVE = 'Your affiliate account is not active';

let server: StandaloneTestServer;
let ada: Investor;
let bola: Investor;
let adaProfile: { id: string; userId: string };
const saleIds: string[] = [];
let proofPath = '';

const admin = (path: string, init: { method?: string; json?: unknown } = {}) => adminFetch(server.url, path, init);

const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const lagosMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);

const report = (who: Investor, extra: Record<string, unknown> = {}) =>
  send(server.url, '/api/affiliate/report-sale', {
    method: 'POST',
    cookie: who.cookie,
    json: {
      clientName: 'Bola Ade',
      clientPhone: '08031234567',
      acres: 1,
      amountPaid: 3_500_000,
      paymentPlan: 'outright',
      transactionDate: today(),
      ...extra,
    },
  });

const upload = (who: Investor) => uploadProof(server.url, who, makePng(8, 8, [0, 80, 0], [200, 220, 200]));

// expect.poll works only inside a test; set-up waits with this.
const ownSales = async (who: Investor) =>
  (await (await send(server.url, '/api/affiliate/sales', { method: 'GET', cookie: who.cookie })).json()) as {
    id: string;
    commissionStatus: string | null;
    commissionRate: number | null;
    computedCommission: number | null;
    transferReference?: string | null;
    paidAt?: string | null;
    payoutReference?: string | null;
  }[];

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl') });
  ada = await signUp(server.url, 'Ada', 'Obi');
  bola = await signUp(server.url, 'Bola', 'Ade');
  adaProfile = await registerAffiliate(server.url, ada);
  proofPath = await upload(ada);
});

afterAll(async () => {
  await server?.close();
});

describe('a sale reported with its proof image', () => {
  it('keeps the proof of the affiliate’s own upload; the admin sees it on the sale', async () => {
    const reported = await report(ada, { proofImagePath: proofPath, amountPaid: 3_500_000 });
    expect(reported.status, await reported.clone().text()).toBe(201);
    saleIds.push(((await reported.json()) as { id: string }).id);
    const plain = await report(ada, { amountPaid: 7_000_001 });
    expect(plain.status).toBe(201);
    saleIds.push(((await plain.json()) as { id: string }).id);

    const listed = await waitFor(
      async () =>
        (await (await admin(`/api/admin/affiliate-sales?affiliateId=${adaProfile.id}`)).json()) as {
          total: number;
          sales: { id: string; proofImagePath: string | null }[];
        },
      (body) => body.total === 2,
      'both sales listed',
    );
    expect(Object.fromEntries(listed.sales.map((sale) => [sale.id, sale.proofImagePath]))).toEqual({
      [saleIds[0]!]: proofPath,
      [saleIds[1]!]: null,
    });
  });

  it('refuses someone else’s upload as the proof, naming proofImagePath', async () => {
    const bolaProof = await upload(bola);
    const response = await report(ada, { proofImagePath: bolaProof });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [{ field: 'proofImagePath', message: 'Upload the sale proof image first' }],
    });
  });

  it('filters the admin’s sales by affiliate: another affiliate’s id lists none of them', async () => {
    const response = await admin('/api/admin/affiliate-sales?affiliateId=00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { total: number }).total).toBe(0);
    expect((await admin('/api/admin/affiliate-sales?affiliateId=nope')).status).toBe(400);
  });
});

describe('payouts', () => {
  let batchId = '';
  let commissions: number[] = [];

  it('verifies both sales; the admin reads the affiliate’s statement with rates in percent', async () => {
    for (const id of saleIds) {
      const decided = await admin(`/api/admin/affiliate-sales/${id}/status`, {
        method: 'PUT',
        json: { status: 'verified', notes: '' },
      });
      expect(decided.status).toBe(200);
      expect(await decided.json()).toMatchObject({ commissionRate: 5 });
    }
    const statement = await waitFor(
      async () =>
        (await (await admin(`/api/admin/affiliates/${adaProfile.userId}/statements?month=${lagosMonth()}`)).json()) as {
          sales: { id: string; commissionRate: number; computedCommission: number; commissionStatus: string }[];
        },
      (body) => body.sales?.length === 2,
      'the statement',
    );
    expect(statement.sales.map((sale) => [sale.commissionRate, sale.commissionStatus])).toEqual([
      [5, 'verified'],
      [5, 'verified'],
    ]);
    commissions = statement.sales.map((sale) => sale.computedCommission);
    const csv = await admin(`/api/admin/affiliates/${adaProfile.userId}/statements.csv?month=${lagosMonth()}`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Commission Status');
    expect(
      (await admin(`/api/admin/affiliates/00000000-0000-4000-8000-000000000000/statements?month=${lagosMonth()}`)).status,
    ).toBe(404);
  });

  it('lists the unpaid commissions up to a date, and none before the sales were verified', async () => {
    const unpaid = (await (await admin(`/api/admin/payouts/unpaid?upTo=${tomorrow()}`)).json()) as {
      commissions: { saleId: string; amount: number }[];
      total: number;
    };
    expect(unpaid.commissions.map((each) => each.saleId).sort()).toEqual([...saleIds].sort());
    expect(unpaid.total).toBe(commissions[0]! + commissions[1]!);
    const before = (await (await admin('/api/admin/payouts/unpaid?upTo=2020-01-01')).json()) as { commissions: unknown[] };
    expect(before.commissions).toEqual([]);
    expect((await admin('/api/admin/payouts/unpaid?upTo=2026-02-30')).status).toBe(400);
  });

  it('creates one batch when two admins create it at once: the other is refused with 409', async () => {
    const body = { upTo: tomorrow(), saleIds };
    const answers = await Promise.all([1, 2].map(() => admin('/api/admin/payouts', { method: 'POST', json: body })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const created = (await answers.find((answer) => answer.status === 201)!.json()) as {
      id: string;
      total: number;
      commissions: number;
    };
    expect(created).toMatchObject({ total: commissions[0]! + commissions[1]!, commissions: 2 });
    batchId = created.id;
    const again = await admin('/api/admin/payouts', { method: 'POST', json: body });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toMatch(/already in a payout batch/);
  });

  it('answers 4xx naming the field for a bad batch request, never 500', async () => {
    const cases: [unknown, number, string][] = [
      [{ upTo: 'June', saleIds }, 400, 'upTo'],
      [{ upTo: today(), saleIds: [] }, 400, 'saleIds'],
      [{ upTo: today(), saleIds: ['not-a-uuid'] }, 400, 'saleIds.0'],
      [{ upTo: today(), saleIds: ['00000000-0000-4000-8000-000000000000'] }, 422, 'saleIds'],
    ];
    for (const [json, status, field] of cases) {
      const response = await admin('/api/admin/payouts', { method: 'POST', json });
      expect(response.status).toBe(status);
      expect(((await response.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe(field);
    }
  });

  it('shows the batch with its total and exports it for the bank, one line per affiliate', async () => {
    const listed = await waitFor(
      async () =>
        (await (await admin('/api/admin/payouts')).json()) as {
          batches: { id: string; total: number; reference: string; status: string }[];
        },
      (body) => body.batches.length === 1,
      'the batch',
    );
    expect(listed.batches[0]).toMatchObject({ id: batchId, total: commissions[0]! + commissions[1]!, status: 'created' });
    const csv = await admin(`/api/admin/payouts/${batchId}/export.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="payout-${listed.batches[0]!.reference}.csv"`);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Affiliate Name,Bank Name,Account Number,Account Name,Amount (NGN),Reference,Commissions',
      `Ada Obi,Access Bank,0123456789,Ada Obi,${commissions[0]! + commissions[1]!},${listed.batches[0]!.reference},2`,
    ]);
    const sales = await waitFor(
      () => ownSales(ada),
      (list) => list.every((sale) => sale.commissionStatus === 'in_payout'),
      'in payout',
    );
    expect(sales.map((sale) => sale.payoutReference)).toEqual([listed.batches[0]!.reference, listed.batches[0]!.reference]);
    expect((await admin('/api/admin/payouts/00000000-0000-4000-8000-000000000000/export.csv')).status).toBe(404);
  });

  it('marks the batch paid once, with the transfer reference: 409 after; the affiliate sees paid', async () => {
    const paid = await admin(`/api/admin/payouts/${batchId}/paid`, { method: 'POST', json: { transferReference: 'GTB-0042' } });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const twice = await admin(`/api/admin/payouts/${batchId}/paid`, { method: 'POST', json: { transferReference: 'GTB-0043' } });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { detail: string }).detail).toBe('This payout batch has already been paid');
    expect((await admin(`/api/admin/payouts/${batchId}/paid`, { method: 'POST', json: { transferReference: ' ' } })).status).toBe(
      400,
    );
    expect(
      (
        await admin('/api/admin/payouts/00000000-0000-4000-8000-000000000000/paid', {
          method: 'POST',
          json: { transferReference: 'X' },
        })
      ).status,
    ).toBe(404);
    const sales = await waitFor(
      () => ownSales(ada),
      (list) => list.every((sale) => sale.commissionStatus === 'paid'),
      'paid',
    );
    for (const sale of sales) expect(sale).toMatchObject({ transferReference: 'GTB-0042', paidAt: expect.any(String) });
  });
});

describe('suspending an affiliate', () => {
  it('refuses their sale reports with 403 and the reason; the admin list shows suspended; reactivating lets them report again', async () => {
    const suspended = await admin(`/api/admin/affiliates/${adaProfile.userId}/suspend`, {
      method: 'POST',
      json: { reason: 'Sales could not be verified' },
    });
    expect(suspended.status, await suspended.clone().text()).toBe(200);
    expect(await suspended.json()).toMatchObject({ id: adaProfile.id, status: 'suspended' });
    const refused = await report(ada);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status: 403, detail: NOT_ACTIVE });
    expect(
      (await admin(`/api/admin/affiliates/${adaProfile.userId}/suspend`, { method: 'POST', json: { reason: 'again' } })).status,
    ).toBe(409);
    expect(
      (await admin(`/api/admin/affiliates/${adaProfile.userId}/suspend`, { method: 'POST', json: { reason: '' } })).status,
    ).toBe(400);
    await waitFor(
      async () => (await (await admin('/api/admin/affiliates')).json()) as { affiliates: { id: string; status: string }[] },
      (body) => body.affiliates.some((each) => each.id === adaProfile.id && each.status === 'suspended'),
      'the list to show suspended',
    );

    const reactivated = await admin(`/api/admin/affiliates/${adaProfile.userId}/reactivate`, {
      method: 'POST',
      json: { notes: 'Explained' },
    });
    expect(reactivated.status).toBe(200);
    expect((await admin(`/api/admin/affiliates/${adaProfile.userId}/reactivate`, { method: 'POST', json: {} })).status).toBe(409);
    expect((await report(ada)).status).toBe(201);
  });

  it('answers 404 for an account that never registered', async () => {
    const response = await admin('/api/admin/affiliates/00000000-0000-4000-8000-000000000000/suspend', {
      method: 'POST',
      json: { reason: 'x' },
    });
    expect(response.status).toBe(404);
  });
});
