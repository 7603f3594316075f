import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { validAffiliateRegistration, validSaleReport } from '@acres/fixtures';
import { ADMIN, basicAuth, startPaymentsApi, type Investor, type PaymentsHarness } from './payments-harness.ts';

export { ADMIN, basicAuth, listenOnLoopback } from './payments-harness.ts';
export type { Investor as SignedInUser } from './payments-harness.ts';

/** The command API with sessions and the admin guard over a fresh database (the payments harness serves both). */
export const startAffiliatesApi = (options: { adminUrl: string; now?: () => Date }): Promise<PaymentsHarness> =>
  startPaymentsApi(options);

export const postAs = (app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

export const putSaleStatus = (
  app: FastifyInstance,
  saleId: string,
  body: unknown,
  headers: Record<string, string> = { authorization: basicAuth(ADMIN) },
) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/affiliate-sales/${saleId}/status`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

export type RegisteredAffiliate = Investor & { affiliateId: string; referralCode: string };

/** A signed-up user registered as an affiliate through POST /api/affiliate/register. */
export const signUpAffiliate = async (
  h: PaymentsHarness,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredAffiliate> => {
  const user = await h.signUp();
  const response = await postAs(h.app, '/api/affiliate/register', validAffiliateRegistration(overrides), { cookie: user.cookie });
  expect(response.statusCode, response.body).toBe(201);
  const { affiliate } = response.json<{ affiliate: { id: string; referralCode: string } }>();
  return { ...user, affiliateId: affiliate.id, referralCode: affiliate.referralCode };
};

export const reportSaleAs = async (h: PaymentsHarness, affiliate: Investor, overrides: Record<string, unknown> = {}) => {
  const response = await postAs(h.app, '/api/affiliate/report-sale', validSaleReport(overrides), { cookie: affiliate.cookie });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; position: string }>();
};
