import { AdminCountersSchema } from '@acres/contracts/payment';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import { readAdminCounters } from '@acres/read-models/admin-counters';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const registerAdminCountersRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/counters',
    {
      schema: { response: { 200: AdminCountersSchema } },
      preHandler: deps.freshRead([PROJECTIONS.leads, PROJECTIONS.adminCounters]),
    },
    async () => readAdminCounters(deps.pool),
  );
};
