import { AdminChartsQuerySchema, AdminChartsSchema } from '@acres/contracts/charts';
import { ALLOCATION } from '@acres/read-models/allocation';
import { PAYMENTS } from '@acres/read-models/payments';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import { readAdminCharts } from '@acres/read-models/admin-charts-queries';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

/** GET /api/admin/charts: the overview's weekly series (register behind the admin guard). */
export const registerAdminChartsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/charts',
    {
      schema: { querystring: AdminChartsQuerySchema, response: { 200: AdminChartsSchema } },
      preHandler: deps.freshRead([PROJECTIONS.leads, PROJECTIONS.subscriptions, PAYMENTS.name, ALLOCATION.name]),
    },
    async (request) => readAdminCharts(deps.pool, { now: deps.now(), weeks: request.query.weeks }),
  );
};
