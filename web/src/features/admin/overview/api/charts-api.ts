import { AdminChartsSchema } from '@acres/contracts/charts';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** Under the admin prefix, so Refresh and Sign out act on it too. */
export const ADMIN_CHARTS_KEY = '/api/admin/charts';

/** GET /api/admin/charts: the last 12 Lagos weeks. */
export function useAdminCharts() {
  return useAdminQuery(ADMIN_CHARTS_KEY, AdminChartsSchema);
}
