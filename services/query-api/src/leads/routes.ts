import { AdminLeadsResponseSchema } from '@acres/contracts/lead';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import { createLeadsCsvStream, leadsCsvFileName } from './csv.ts';
import { listLeads } from '@acres/read-models/leads-queries';
import { AdminListQuerySchema, LeadsExportQuerySchema } from '../shared/query-schemas.ts';
import { registerListRoute } from '../shared/list-page.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { sendCsv } from '../shared/csv.ts';

// The list shows counters next to it, so it waits for both projections.
const LEADS_READS = [PROJECTIONS.leads, PROJECTIONS.adminCounters];

export const registerAdminLeadsRoutes = (app: QueryApp, deps: RouteDeps) => {
  registerListRoute(app, deps, {
    url: '/api/admin/leads',
    querystring: AdminListQuerySchema,
    response: AdminLeadsResponseSchema,
    reads: LEADS_READS,
    list: (query) => listLeads(deps.pool, query),
  });

  app.get(
    '/api/admin/leads/export.csv',
    { schema: { querystring: LeadsExportQuerySchema }, preHandler: deps.freshRead([PROJECTIONS.leads]) },
    async (request, reply) => {
      const csv = await createLeadsCsvStream({ db: deps.pool, search: request.query.search, pageSize: deps.exportPageSize });
      return sendCsv(reply, leadsCsvFileName(deps.now()), csv);
    },
  );
};
