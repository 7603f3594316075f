import { AdminSubscriptionsResponseSchema } from '@acres/contracts';
import { type AdminPage, adminPageParams } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** Starts with '/api/admin/subscriptions' so the application wizard's refresh after a submit reaches it. */
export function adminSubscriptionsKey({ offset, cursor }: AdminPage): string {
  return `/api/admin/subscriptions?${adminPageParams(offset, cursor)}`;
}

export function useAdminSubscriptions(query: AdminPage) {
  return useAdminQuery(adminSubscriptionsKey(query), AdminSubscriptionsResponseSchema);
}
