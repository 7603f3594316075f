import { AllocationSchema } from '@acres/contracts/payment';
import { readAllocation } from '../read-models/allocation.ts';
import { PAYMENT_READS } from './payments-reads.ts';
import type { QueryApp, RouteDeps } from './types.ts';

/** GET /api/admin/allocation: acres and partners used of the project's 200 and 10. */
export const registerAdminAllocationRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/allocation',
    { schema: { response: { 200: AllocationSchema } }, preHandler: deps.freshRead(PAYMENT_READS.allocation) },
    async () => readAllocation(deps.pool),
  );
};
