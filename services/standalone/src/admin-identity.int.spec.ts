// No answer to anyone but the admin names an admin account: the admin's username is half
// of the admin credentials. Every GET route outside the admin area is walked, anonymously,
// as an investor with an approved payment and as an affiliate with a verified sale.

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePng, send, setBusinessSettings, signUp, submitPayment, type Investor } from '../../../tests/browser/fixtures/api.ts';
import { listRoutes } from '../test/fuzz/run.ts';
import { registerAffiliate } from '../test/account-calls.ts';
import { startStandaloneForTest, type StandaloneTestServer } from '../test/test-server.ts';

const ADMIN = { username: 'ops-chief-7f3k', password: 'a-long-admin-password-for-this-test' };
const adminAuthorization = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

let server: StandaloneTestServer;
let investor: Investor;
let affiliate: Investor;
const ids: Record<string, string> = {};

// expect.poll works only inside a test; set-up waits with this.
const waitUntil = async (check: () => Promise<boolean>, what: string) => {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(100)) if (await check()) return;
  throw new Error(`timed out waiting for ${what}`);
};

const adminPut = (path: string, json: unknown) =>
  fetch(new URL(path, server.url), {
    method: 'PUT',
    headers: { authorization: adminAuthorization, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });

beforeAll(async () => {
  server = await startStandaloneForTest({
    adminUrl: inject('pgAdminUrl'),
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
  });
  // Payment proofs are refused until the escrow account is set up.
  await setBusinessSettings(server.url, adminAuthorization);
  investor = await signUp(server.url, 'Ngozi', 'Eze');
  const payment = await submitPayment(server.url, investor, 2, makePng(8, 8, [0, 80, 0], [200, 220, 200]));
  ids.payment = payment.id;
  expect(
    (await adminPut(`/api/admin/payments/${payment.id}/status`, { status: 'approved', adminNotes: 'Receipt matches' })).status,
  ).toBe(200);

  affiliate = await signUp(server.url, 'Tunde', 'Bello');
  await registerAffiliate(server.url, affiliate);
  const sale = await send(server.url, '/api/affiliate/report-sale', {
    method: 'POST',
    cookie: affiliate.cookie,
    json: {
      clientName: 'Bola Ade',
      clientPhone: '08031234567',
      acres: 2,
      amountPaid: 7_000_000,
      paymentPlan: 'outright',
      transactionDate: new Date().toISOString().slice(0, 10),
    },
  });
  expect(sale.status, await sale.clone().text()).toBe(201);
  ids.sale = ((await sale.json()) as { id: string }).id;
  // The admin decides on sales the read side already lists.
  const salesListed = async () =>
    JSON.stringify(
      await (await fetch(new URL('/api/affiliate/sales', server.url), { headers: { cookie: affiliate.cookie } })).json(),
    );
  await waitUntil(async () => (await salesListed()).includes(ids.sale!), 'the reported sale');
  expect(
    (await adminPut(`/api/admin/affiliate-sales/${ids.sale}/status`, { status: 'verified', notes: 'Paid in full' })).status,
  ).toBe(200);

  // The read side has the decisions before the walk starts.
  await waitUntil(async () => {
    const response = await fetch(new URL('/api/payments', server.url), { headers: { cookie: investor.cookie } });
    return ((await response.json()) as { status: string }[])[0]?.status === 'approved';
  }, 'the approval');
  await waitUntil(async () => (await salesListed()).includes('verified'), 'the verification');
}, 120_000);
afterAll(async () => server?.close());

const isAdminOnly = (url: string) => url.startsWith('/api/admin') || url === '/metrics';
// GET /api/logout ends the session the rest of the walk needs; it answers a redirect only.
const endsSession = (url: string) => url === '/api/logout';

const fill = (url: string) => url.replace(':id', ids.payment!).replace(':token', 'x').replace('*', 'dashboard');

describe('answers to anyone but the admin', () => {
  it('never name an admin account, on any GET route', async () => {
    const routes = listRoutes(server.app).filter(
      (route) => route.method === 'GET' && !isAdminOnly(route.url) && !endsSession(route.url),
    );
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/payments', '/api/payments/:id/history', '/api/affiliate/sales', '/api/auth/user']),
    );
    const viewers = { anonymous: undefined, investor: investor.cookie, affiliate: affiliate.cookie };
    const month = new Date().toISOString().slice(0, 7);
    let walked = 0;
    for (const route of routes) {
      for (const [viewer, cookie] of Object.entries(viewers)) {
        const url = new URL(fill(route.url), server.url);
        if (route.url.startsWith('/api/affiliate/statements')) url.searchParams.set('month', month);
        const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
        const body = await response.text();
        walked += 1;
        expect(body, `${viewer} GET ${route.url}`).not.toContain(ADMIN.username);
        expect(JSON.stringify([...response.headers]), `${viewer} GET ${route.url} headers`).not.toContain(ADMIN.username);
      }
    }
    // The walk reached real answers that mention a decision, not only refusals.
    const payments = await (await fetch(new URL('/api/payments', server.url), { headers: { cookie: investor.cookie } })).json();
    expect(payments, JSON.stringify(payments)).toEqual([expect.objectContaining({ status: 'approved', approvedBy: 'Admin' })]);
    const history = await (
      await fetch(new URL(`/api/payments/${ids.payment}/history`, server.url), { headers: { cookie: investor.cookie } })
    ).json();
    expect(JSON.stringify(history)).toContain('"actor":"Admin"');
    expect(walked).toBeGreaterThan(20);
  });

  it('still tell the admin which account decided', async () => {
    const response = await fetch(new URL('/api/admin/payments', server.url), { headers: { authorization: adminAuthorization } });
    expect(JSON.stringify(await response.json())).toContain(`"approvedBy":"${ADMIN.username}"`);
  });
});
