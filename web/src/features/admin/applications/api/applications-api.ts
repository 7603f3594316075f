import { AdminSubscriptionsResponseSchema } from '@acres/contracts';
import { adminPageParams } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** Starts with '/api/admin/subscriptions' so the application wizard's refresh after a submit reaches it. */
export function adminSubscriptionsKey({ offset }: { offset: number }): string {
  return `/api/admin/subscriptions?${adminPageParams(offset)}`;
}

export function useAdminSubscriptions(query: { offset: number }) {
  return useAdminQuery(adminSubscriptionsKey(query), AdminSubscriptionsResponseSchema);
}
