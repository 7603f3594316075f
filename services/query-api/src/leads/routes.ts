import { AdminLeadsResponseSchema } from '@acres/contracts/lead';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import { createLeadsCsvStream, leadsCsvFileName } from './csv.ts';
import { listLeads } from '@acres/read-models/leads-queries';
import { AdminListQuerySchema, LeadsExportQuerySchema } from '../shared/query-schemas.ts';
import { sendListPage } from '../shared/list-page.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

// The list shows counters next to it, so it waits for both projections.
const LEADS_READS = [PROJECTIONS.leads, PROJECTIONS.adminCounters];

export const registerAdminLeadsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/leads',
    {
      schema: { querystring: AdminListQuerySchema, response: { 200: AdminLeadsResponseSchema } },
      preHandler: deps.freshRead(LEADS_READS),
    },
    async (request, reply) => sendListPage(deps.pool, request, reply, LEADS_READS, () => listLeads(deps.pool, request.query)),
  );

  app.get(
    '/api/admin/leads/export.csv',
    { schema: { querystring: LeadsExportQuerySchema }, preHandler: deps.freshRead([PROJECTIONS.leads]) },
    async (request, reply) => {
      const csv = await createLeadsCsvStream({ db: deps.pool, search: request.query.search, pageSize: deps.exportPageSize });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${leadsCsvFileName(deps.now())}"`)
        .send(csv);
    },
  );
};
