import { AdminSubscriptionsResponseSchema } from '@acres/contracts/subscription';
import { PROJECTIONS } from '../fresh-read.ts';
import { listSubscriptions } from '../read-models/subscriptions.ts';
import { AdminListQuerySchema } from './query-schemas.ts';
import type { QueryApp, RouteDeps } from './types.ts';

export const registerAdminSubscriptionsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/subscriptions',
    {
      schema: { querystring: AdminListQuerySchema, response: { 200: AdminSubscriptionsResponseSchema } },
      preHandler: deps.freshRead([PROJECTIONS.subscriptions]),
    },
    async (request) => listSubscriptions(deps.pool, request.query),
  );
};
