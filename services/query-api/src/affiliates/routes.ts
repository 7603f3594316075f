// The affiliate's own reads (SPEC 7): profile, stats and sales, behind the session
// cookie. Every query is keyed by the session's user id, so an affiliate can only ever
// be shown their own data; a signed-in user without a profile gets 404.

import { AffiliateSchema } from '@acres/contracts/affiliate';
import { AffiliateStatsSchema, SalesResponseSchema } from '@acres/contracts/sale';
import { listOwnSales, readOwnStats } from '@acres/read-models/affiliate-sales-queries';
import { readOwnAffiliate } from '@acres/read-models/affiliates-queries';
import { affiliateNotFound, ownReadHooks, readOwn } from './reads.ts';
import { registerAffiliateStatementRoutes } from './statement-routes.ts';
import { registerAffiliateChartRoutes } from './chart-routes.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

/** Register inside a context with registerSessionSupport. */
export const registerAffiliateRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/affiliate/profile',
    { schema: { response: { 200: AffiliateSchema } }, ...ownReadHooks(deps, 'profile') },
    async (request) => {
      const affiliate = await readOwnAffiliate(deps.pool, request.sessionUser!.id);
      if (!affiliate) throw affiliateNotFound();
      return affiliate;
    },
  );

  app.get(
    '/api/affiliate/stats',
    { schema: { response: { 200: AffiliateStatsSchema } }, ...ownReadHooks(deps, 'stats') },
    async (request) => {
      const stats = await readOwnStats(deps.pool, request.sessionUser!.id);
      if (!stats) throw affiliateNotFound();
      return stats;
    },
  );

  app.get(
    '/api/affiliate/sales',
    { schema: { response: { 200: SalesResponseSchema } }, ...ownReadHooks(deps, 'sales') },
    async (request) => {
      const userId = request.sessionUser!.id;
      return readOwn(deps.pool, userId, listOwnSales(deps.pool, { userId }));
    },
  );

  registerAffiliateStatementRoutes(app, deps);
  registerAffiliateChartRoutes(app, deps);
};
