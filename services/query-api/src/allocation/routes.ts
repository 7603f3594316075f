import { AllocationAsOfSchema, AsOfQuerySchema } from '@acres/contracts/as-of';
import { ALLOCATION } from '@acres/read-models/allocation';
import { readAllocationAsOf } from './as-of.ts';
import { setAsOfHeaders, toAsOfStamp } from '../shared/as-of/stamp.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

/**
 * GET /api/admin/allocation: acres and partners used of the project's 200 and 10, now (with
 * the position the read model had reached) or as of ?asOf=<position> / ?asOfDate=YYYY-MM-DD.
 */
export const registerAdminAllocationRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/allocation',
    {
      schema: { querystring: AsOfQuerySchema, response: { 200: AllocationAsOfSchema } },
      preHandler: deps.freshRead([ALLOCATION.name]),
    },
    async (request, reply) => {
      const { allocation, position, point } = await readAllocationAsOf(deps.pool, {
        query: request.query,
        now: deps.now(),
        log: deps.eventLog,
      });
      const stamp = toAsOfStamp(position, point);
      setAsOfHeaders(reply, stamp);
      return { ...allocation, ...stamp };
    },
  );
};
