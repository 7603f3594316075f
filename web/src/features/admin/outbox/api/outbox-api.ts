import { OutboxListSchema, type NotificationRetried } from '@acres/contracts/notification';
import { apiRequest } from '@/lib/api-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** Under the admin prefix, so the dashboard's Refresh reaches it too. */
export const ADMIN_OUTBOX_KEY = '/api/admin/outbox';

/** GET /api/admin/outbox: the newest messages, as sent, with status and attempts. */
export function useAdminOutbox() {
  return useAdminQuery(ADMIN_OUTBOX_KEY, OutboxListSchema, { dedupingInterval: 1000 });
}

/** POST /api/admin/outbox/{id}/retry: a message parked as failed is queued again. */
export async function retryMessage(authorization: string, id: string): Promise<NotificationRetried> {
  const res = await apiRequest(
    'POST',
    `${ADMIN_OUTBOX_KEY}/${encodeURIComponent(id)}/retry`,
    {},
    {
      headers: { authorization },
    },
  );
  return (await res.json()) as NotificationRetried;
}
