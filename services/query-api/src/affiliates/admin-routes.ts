// The admin's affiliate lists (issue 4): profiles with their figures, and the reported
// sales to verify, filterable by status.

import { AdminAffiliatesResponseSchema, AdminAffiliateSalesResponseSchema } from '@acres/contracts/affiliate-reads';
import { SALE_STATUSES } from '@acres/contracts/constants';
import { AdminLeadsQuerySchema } from '@acres/contracts/lead';
import { z } from 'zod';
import { listAffiliateSales } from '@acres/read-models/affiliate-sales-queries';
import { listAffiliates } from '@acres/read-models/affiliates-queries';
import { AFFILIATE_READS } from './reads.ts';
import { checkCursor } from '../shared/query-schemas.ts';
import { registerListRoute } from '../shared/list-page.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { registerAdminPayoutRoutes } from '../payouts/routes.ts';
import { registerAdminStatementRoutes } from './admin-statement-routes.ts';

// The same paging rules as the admin's other lists.
const PagingShape = {
  limit: AdminLeadsQuerySchema.shape.limit,
  offset: AdminLeadsQuerySchema.shape.offset,
  cursor: AdminLeadsQuerySchema.shape.cursor,
};
const PagingSchema = z.object(PagingShape).superRefine(checkCursor);

export const AdminAffiliateSalesQuerySchema = z
  .object({
    ...PagingShape,
    // 'all' is the filter's "no filter" choice, the same as leaving status out.
    status: z
      .enum([...SALE_STATUSES, 'all'], { error: 'status must be pending, verified, rejected or all' })
      .optional()
      .transform((status) => (status === 'all' ? undefined : status)),
    // One affiliate's sales (issue 12): their profile id from the admin's affiliates list.
    affiliateId: z
      .guid({ error: 'affiliateId must be a uuid' })
      .transform((id) => id.toLowerCase())
      .optional(),
  })
  .superRefine(checkCursor);

/** Register inside the admin context (its guard runs first). */
export const registerAffiliateAdminRoutes = (app: QueryApp, deps: RouteDeps) => {
  registerListRoute(app, deps, {
    url: '/api/admin/affiliates',
    querystring: PagingSchema,
    response: AdminAffiliatesResponseSchema,
    reads: AFFILIATE_READS.adminAffiliates,
    list: (query) => listAffiliates(deps.pool, query),
  });
  registerListRoute(app, deps, {
    url: '/api/admin/affiliate-sales',
    querystring: AdminAffiliateSalesQuerySchema,
    response: AdminAffiliateSalesResponseSchema,
    reads: AFFILIATE_READS.adminSales,
    list: (query) => listAffiliateSales(deps.pool, query),
  });

  registerAdminStatementRoutes(app, deps);
  registerAdminPayoutRoutes(app, deps);
};
