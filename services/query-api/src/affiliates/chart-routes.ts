// The affiliate dashboard's charts, behind the session cookie like the other affiliate reads.

import { AffiliateChartsQuerySchema, AffiliateChartsSchema } from '@acres/contracts/charts';
import { requireUser } from '@acres/platform/sessions';
import { readOwnCharts } from '@acres/read-models/affiliate-charts-queries';
import { hasAffiliateProfile } from '@acres/read-models/affiliates-queries';
import { AFFILIATE_READS, affiliateNotFound } from './reads.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const registerAffiliateChartRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/affiliate/charts',
    {
      schema: { querystring: AffiliateChartsQuerySchema, response: { 200: AffiliateChartsSchema } },
      // requireUser first: a stranger gets 401 at once, never a wait.
      onRequest: requireUser,
      preHandler: deps.freshRead(AFFILIATE_READS.stats),
    },
    async (request) => {
      const userId = request.sessionUser!.id;
      const [registered, charts] = await Promise.all([
        hasAffiliateProfile(deps.pool, userId),
        readOwnCharts(deps.pool, { userId, now: deps.now(), months: request.query.months }),
      ]);
      if (!registered) throw affiliateNotFound();
      return charts;
    },
  );
};
