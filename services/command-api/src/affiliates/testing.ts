import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLogger } from '@acres/platform/logger';
import { startProjector, waitForProjections, type Projector } from '@acres/projector';
import { createAffiliateSalesProjection } from '@acres/projector/projections/index';
import { AFFILIATE_SALES } from '@acres/read-models/affiliate-sales';
import { ADMIN, basicAuth, startPaymentsApi, type Investor, type PaymentsHarness } from '../payments/testing.ts';

export { ADMIN, basicAuth, listenOnLoopback } from '../payments/testing.ts';
export type { Investor as SignedInUser } from '../payments/testing.ts';

/** The command API with sessions and the admin guard over a fresh database (the payments harness serves both). */
export const startAffiliatesApi = (options: { adminUrl: string; now?: () => Date }): Promise<PaymentsHarness> => startPaymentsApi(options);

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  full_name: 'Tunde Bakare',
  phone_number: '08031234567',
  bank_name: 'Zenith Bank',
  account_number: '0123456789',
  account_name: 'Tunde Bakare',
  marketing_experience: 'intermediate',
  marketing_channels: 'WhatsApp groups and Instagram',
  agree_terms: true,
  ...overrides,
});

/** Today in UTC: never in the future for the schema, which allows today anywhere on Earth. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export const validSale = (overrides: Record<string, unknown> = {}) => ({
  clientName: 'Ngozi Eze',
  clientPhone: '0809 123 4567',
  acres: 1.5,
  amountPaid: 500_000,
  paymentPlan: 'installment',
  transactionDate: todayUtc(),
  ...overrides,
});

export const postAs = (app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

export const putSaleStatus = (app: FastifyInstance, saleId: string, body: unknown, headers: Record<string, string> = { authorization: basicAuth(ADMIN) }) =>
  app.inject({ method: 'PUT', url: `/api/admin/affiliate-sales/${saleId}/status`, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

export type RegisteredAffiliate = Investor & { affiliateId: string; referralCode: string };

/** A signed-up user registered as an affiliate through POST /api/affiliate/register. */
export const signUpAffiliate = async (h: PaymentsHarness, overrides: Record<string, unknown> = {}): Promise<RegisteredAffiliate> => {
  const user = await h.signUp();
  const response = await postAs(h.app, '/api/affiliate/register', validRegistration(overrides), { cookie: user.cookie });
  expect(response.statusCode, response.body).toBe(201);
  const { affiliate } = response.json<{ affiliate: { id: string; referralCode: string } }>();
  return { ...user, affiliateId: affiliate.id, referralCode: affiliate.referralCode };
};

export const reportSaleAs = async (h: PaymentsHarness, affiliate: Investor, overrides: Record<string, unknown> = {}) => {
  const response = await postAs(h.app, '/api/affiliate/report-sale', validSale(overrides), { cookie: affiliate.cookie });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; position: string }>();
};

/** The real affiliate_sales projection, which the admin route reads to find a sale's stream. */
export const startSalesProjector = (h: PaymentsHarness): Projector =>
  startProjector({
    eventStore: h.eventStore,
    pool: h.db.pool,
    logger: createLogger({ level: 'silent', pretty: false }),
    projections: [createAffiliateSalesProjection()],
  });

export const waitForSales = async (h: PaymentsHarness, position: string) => {
  expect(await waitForProjections({ pool: h.db.pool, names: [AFFILIATE_SALES.name], position, timeoutMs: 20_000 })).toBe(true);
};
