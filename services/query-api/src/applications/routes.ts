import { AdminSubscriptionsResponseSchema } from '@acres/contracts/subscription';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import { listSubscriptions } from './queries.ts';
import { AdminListQuerySchema } from '../shared/query-schemas.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const registerAdminSubscriptionsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/subscriptions',
    {
      schema: { querystring: AdminListQuerySchema, response: { 200: AdminSubscriptionsResponseSchema } },
      // The total is the admin-counters projection's, so it waits for both.
      preHandler: deps.freshRead([PROJECTIONS.subscriptions, PROJECTIONS.adminCounters]),
    },
    async (request) => listSubscriptions(deps.pool, request.query),
  );
};
