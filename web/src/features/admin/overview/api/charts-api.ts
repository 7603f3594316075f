import { AdminChartsSchema } from '@acres/contracts/charts';
import { LeadMetricsSchema } from '@acres/contracts/lead-pipeline-reads';
import { ADMIN_CHARTS_KEY } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** GET /api/admin/charts: the last 12 Lagos weeks (under the admin prefix: Refresh and Sign out act on it too). */
export function useAdminCharts() {
  return useAdminQuery(ADMIN_CHARTS_KEY, AdminChartsSchema);
}

/** The period the lead figures cover; empty: the server's default (the last 30 Lagos days). */
export type LeadMetricsPeriod = { from?: string | undefined; to?: string | undefined };

export function leadMetricsKey(period: LeadMetricsPeriod): string {
  const params = new URLSearchParams();
  if (period.from) params.set('from', period.from);
  if (period.to) params.set('to', period.to);
  const query = params.toString();
  return `/api/admin/leads/metrics${query ? `?${query}` : ''}`;
}

/** GET /api/admin/leads/metrics: time to first contact and the funnel for the period. */
export function useLeadMetrics(period: LeadMetricsPeriod) {
  return useAdminQuery(leadMetricsKey(period), LeadMetricsSchema);
}
