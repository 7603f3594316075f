import { AllocationSchema } from '@acres/contracts/payment';
import { ALLOCATION } from '@acres/read-models/allocation';
import { readAllocation } from './queries.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

/** GET /api/admin/allocation: acres and partners used of the project's 200 and 10. */
export const registerAdminAllocationRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/allocation',
    { schema: { response: { 200: AllocationSchema } }, preHandler: deps.freshRead([ALLOCATION.name]) },
    async () => readAllocation(deps.pool),
  );
};
