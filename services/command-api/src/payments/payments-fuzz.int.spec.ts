import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN, basicAuth, startPaymentsApi, type Investor, type PaymentsHarness } from '../../test/payments-harness.ts';

// Random bodies never reach a 5xx: every bad input is a 4xx naming what is wrong.
const SEED = Number(process.env.FUZZ_SEED ?? 0);
const CASES = Number(process.env.FUZZ_CASES ?? 150);

const createRandom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ODD = [
  null,
  true,
  '',
  ' ',
  '\u0000',
  '\ud800',
  'x'.repeat(5000),
  '/objects/uploads/..',
  -1,
  0,
  0.5,
  1e308,
  2 ** 53 + 2,
  'NaN',
  [],
  {},
  [1, 2],
  { nested: { a: 1 } },
];

let h: PaymentsHarness;
let ada: Investor;
let valid: () => Record<string, unknown>;
let paymentId: string;

beforeAll(async () => {
  h = await startPaymentsApi({ adminUrl: inject('pgAdminUrl') });
  ada = await h.signUp();
  const proofImagePath = await h.uploadProof({ kind: 'user', id: ada.user.id });
  valid = () => ({ acres: 5, amount: 17_500_000, proofImagePath });
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { 'content-type': 'application/json', cookie: ada.cookie },
    payload: JSON.stringify(valid()),
  });
  paymentId = created.json<{ id: string }>().id;
});
afterAll(async () => h?.close());

const mutate = (random: () => number, body: Record<string, unknown>) => {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  if (random() < 0.1) return pick(ODD);
  const copy: Record<string, unknown> = { ...body };
  for (const key of Object.keys(body)) {
    if (random() < 0.4) copy[key] = pick(ODD);
    else if (random() < 0.1) delete copy[key];
  }
  return copy;
};

describe('the payment commands under random input', () => {
  it('never answer 5xx on POST /api/payments', async () => {
    const random = createRandom(101 + SEED);
    for (let i = 0; i < CASES; i += 1) {
      const body = mutate(random, valid());
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { 'content-type': 'application/json', cookie: ada.cookie },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 200)} -> ${response.body}`).toBeLessThan(500);
      if (response.statusCode === 400) expect(response.json<{ errors?: unknown[] }>().errors?.length).toBeGreaterThan(0);
    }
  });

  it('never answer 5xx on PUT /api/admin/payments/:id/status', async () => {
    const random = createRandom(202 + SEED);
    for (let i = 0; i < CASES; i += 1) {
      const body = mutate(random, { status: random() < 0.5 ? 'approved' : 'rejected', adminNotes: 'ok' });
      const response = await h.app.inject({
        method: 'PUT',
        url: `/api/admin/payments/${paymentId}/status`,
        headers: { 'content-type': 'application/json', authorization: basicAuth(ADMIN) },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 200)} -> ${response.body}`).toBeLessThan(500);
    }
  });
});
