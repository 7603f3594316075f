import { AdminSettingsSchema, type BusinessSettingsForm, type BusinessSettingsUpdated } from '@acres/contracts/settings';
import { apiRequest } from '@/lib/api-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** Under the admin prefix, so the dashboard's Refresh reaches it too. */
export const ADMIN_SETTINGS_KEY = '/api/admin/settings';

/** GET /api/admin/settings: the current settings and who changed what, newest first. */
export function useAdminSettings() {
  return useAdminQuery(ADMIN_SETTINGS_KEY, AdminSettingsSchema);
}

/** PUT /api/admin/settings: the whole form; the server records only what changed. */
export async function saveSettings(authorization: string, settings: BusinessSettingsForm): Promise<BusinessSettingsUpdated> {
  const res = await apiRequest('PUT', ADMIN_SETTINGS_KEY, settings, { headers: { authorization } });
  return (await res.json()) as BusinessSettingsUpdated;
}
