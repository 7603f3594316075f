import { type AffiliateCharts, AffiliateChartsSchema } from '@acres/contracts/charts';
import useSWR from 'swr';
import { getQueryFn, type SwrKey } from '@/lib/api-client';

export const CHARTS_KEY = '/api/affiliate/charts';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/affiliate/charts: referred leads and commission over the last 12 Lagos months. */
export function useAffiliateCharts(enabled: boolean) {
  return useSWR<AffiliateCharts>(enabled ? CHARTS_KEY : null, async (key: SwrKey) =>
    AffiliateChartsSchema.parse(await fetchJson(key)),
  );
}
