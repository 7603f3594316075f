import { AdminCountersResponseSchema } from '@acres/contracts/admin-counters';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import { readAdminCounters } from '@acres/read-models/admin-counters';
import { listSubscriptions } from '@acres/read-models/subscriptions-queries';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const registerAdminCountersRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/counters',
    {
      schema: { response: { 200: AdminCountersResponseSchema } },
      preHandler: deps.freshRead([PROJECTIONS.leads, PROJECTIONS.adminCounters, PROJECTIONS.subscriptions]),
    },
    async () => {
      // The Applications list's own query with its Pending filter: the figure is that list's total.
      const [counters, pending] = await Promise.all([
        readAdminCounters(deps.pool),
        listSubscriptions(deps.pool, { status: 'pending', limit: 1, offset: 0 }),
      ]);
      return { ...counters, pendingApplications: pending.total };
    },
  );
};
