import { AdminSubscriptionsResponseSchema } from '@acres/contracts/subscription';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import { listSubscriptions } from './queries.ts';
import { AdminListQuerySchema } from '../shared/query-schemas.ts';
import { sendListPage } from '../shared/list-page.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

// The total is the admin-counters projection's, so the list waits for both.
const SUBSCRIPTIONS_READS = [PROJECTIONS.subscriptions, PROJECTIONS.adminCounters];

export const registerAdminSubscriptionsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/subscriptions',
    {
      schema: { querystring: AdminListQuerySchema, response: { 200: AdminSubscriptionsResponseSchema } },
      preHandler: deps.freshRead(SUBSCRIPTIONS_READS),
    },
    async (request, reply) =>
      sendListPage(deps.pool, request, reply, SUBSCRIPTIONS_READS, () => listSubscriptions(deps.pool, request.query)),
  );
};
