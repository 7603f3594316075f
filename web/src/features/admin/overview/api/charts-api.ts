import { AdminChartsSchema } from '@acres/contracts/charts';
import { ADMIN_CHARTS_KEY } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** GET /api/admin/charts: the last 12 Lagos weeks (under the admin prefix: Refresh and Sign out act on it too). */
export function useAdminCharts() {
  return useAdminQuery(ADMIN_CHARTS_KEY, AdminChartsSchema);
}
