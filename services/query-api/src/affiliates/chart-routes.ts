// The affiliate dashboard's charts, behind the session cookie like the other affiliate reads.

import { AffiliateChartsQuerySchema, AffiliateChartsSchema } from '@acres/contracts/charts';
import { readOwnCharts } from '@acres/read-models/affiliate-charts-queries';
import { ownReadHooks, readOwn } from './reads.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const registerAffiliateChartRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/affiliate/charts',
    {
      schema: { querystring: AffiliateChartsQuerySchema, response: { 200: AffiliateChartsSchema } },
      ...ownReadHooks(deps, 'stats'),
    },
    async (request) => {
      const userId = request.sessionUser!.id;
      return readOwn(deps.pool, userId, readOwnCharts(deps.pool, { userId, now: deps.now(), months: request.query.months }));
    },
  );
};
