import {
  type Affiliate,
  type AffiliateRegisterResponse,
  type AffiliateRegistration,
  AffiliateSchema,
  type AffiliateStats,
  AffiliateStatsSchema,
  type Sale,
  type SaleReport,
  SalesResponseSchema,
} from '@acres/contracts/affiliate';
import { type AffiliateStatementAsOf, AffiliateStatementAsOfSchema } from '@acres/contracts/as-of';
import type { CommandAccepted } from '@acres/contracts/lead';
import useSWR, { mutate as globalMutate } from 'swr';
import { type AsOf, withAsOf } from '@/components/as-of/as-of-query';
import { ApiError, apiJson, getQueryFn, type SwrKey } from '@/lib/api-client';
import { buildRegisterRequest } from '../lib/registration-payload';

export const PROFILE_KEY = '/api/affiliate/profile';
export const STATS_KEY = '/api/affiliate/stats';
export const SALES_KEY = '/api/affiliate/sales';
export const STATEMENTS_URL = '/api/affiliate/statements';

export const statementKey = (month: string, asOf: AsOf = null) =>
  withAsOf(`${STATEMENTS_URL}?month=${encodeURIComponent(month)}`, asOf);
export const statementCsvUrl = (month: string, asOf: AsOf = null) =>
  withAsOf(`${STATEMENTS_URL}.csv?month=${encodeURIComponent(month)}`, asOf);

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** 404 means "signed in, but no affiliate profile yet": null, not an error. */
async function fetchProfile(key: SwrKey): Promise<Affiliate | null> {
  try {
    return AffiliateSchema.parse(await fetchJson(key));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/affiliate/profile once the user is known to be signed in. */
export function useAffiliateProfile(enabled: boolean) {
  return useSWR<Affiliate | null>(enabled ? PROFILE_KEY : null, fetchProfile);
}

export function useAffiliateStats(enabled: boolean) {
  return useSWR<AffiliateStats>(enabled ? STATS_KEY : null, async (key: SwrKey) =>
    AffiliateStatsSchema.parse(await fetchJson(key)),
  );
}

export function useAffiliateSales(enabled: boolean) {
  return useSWR<Sale[]>(enabled ? SALES_KEY : null, async (key: SwrKey) => SalesResponseSchema.parse(await fetchJson(key)));
}

/** The month's statement, now or as of a day or log position; each answer names its position. */
export function useStatement(month: string | null, asOf: AsOf = null) {
  return useSWR<AffiliateStatementAsOf>(month ? statementKey(month, asOf) : null, async (key: SwrKey) =>
    AffiliateStatementAsOfSchema.parse(await fetchJson(key)),
  );
}

/** POST /api/affiliate/register; the new profile goes straight into the cache for the dashboard. */
export async function registerAffiliate(values: AffiliateRegistration): Promise<AffiliateRegisterResponse> {
  const answer = await apiJson<AffiliateRegisterResponse>('POST', '/api/affiliate/register', buildRegisterRequest(values));
  const parsed = AffiliateSchema.safeParse(answer?.affiliate);
  // A profile we cannot read is fetched again instead of trusted.
  await globalMutate(PROFILE_KEY, parsed.success ? parsed.data : undefined, { revalidate: !parsed.success });
  return answer;
}

export function reportSale(values: SaleReport, idempotencyKey: string): Promise<CommandAccepted> {
  return apiJson<CommandAccepted>('POST', '/api/affiliate/report-sale', values, {
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** Everything that depends on the sales: stats, the list and every statement month. */
export async function refreshSalesData(): Promise<void> {
  await globalMutate(
    (key) => key === STATS_KEY || key === SALES_KEY || (typeof key === 'string' && key.startsWith(`${STATEMENTS_URL}?`)),
  );
}

/** POST /api/logout (SPEC 7: affiliate logout), then forget every cached answer of this user. */
export async function logoutAffiliate(): Promise<void> {
  await apiJson<unknown>('POST', '/api/logout');
  await globalMutate(() => true, undefined, { revalidate: false });
}
