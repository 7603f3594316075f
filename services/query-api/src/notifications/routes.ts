import { OutboxListSchema } from '@acres/contracts/notification';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { readOutbox } from '@acres/read-models/notifications-queries';

/**
 * GET /api/admin/outbox, behind the admin guard: every message the notifier produced, as
 * its recipient sees it. Not a projection (no freshness wait): the notifier writes the
 * rows as it plans and delivers, so a message shows up within moments of its event.
 */
export const registerAdminOutboxRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get('/api/admin/outbox', { schema: { response: { 200: OutboxListSchema } } }, async () => readOutbox(deps.pool));
};
