import { AdminApplicationSchema, AdminApplicationsResponseSchema } from '@acres/contracts/application-decision';
import { DomainError } from '@acres/contracts/errors';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import { applicationsCsvFileName, createApplicationsCsvStream } from './csv.ts';
import { listSubscriptions, readAdminApplication } from '@acres/read-models/subscriptions-queries';
import { AdminApplicationsQuerySchema, ApplicationIdParamsSchema, ApplicationsExportQuerySchema } from './query-schemas.ts';
import { registerListRoute } from '../shared/list-page.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { sendCsv } from '../shared/csv.ts';

// The total is the admin-counters projection's, so the list waits for both.
const SUBSCRIPTIONS_READS = [PROJECTIONS.subscriptions, PROJECTIONS.adminCounters];

export const APPLICATION_NOT_FOUND = 'Application not found';

/** The admin's applications: the list (status filter, keyset pages), one application, the CSV export. */
export const registerAdminSubscriptionsRoutes = (app: QueryApp, deps: RouteDeps) => {
  registerListRoute(app, deps, {
    url: '/api/admin/subscriptions',
    querystring: AdminApplicationsQuerySchema,
    response: AdminApplicationsResponseSchema,
    reads: SUBSCRIPTIONS_READS,
    list: (query) => listSubscriptions(deps.pool, query),
  });

  app.get(
    '/api/admin/subscriptions/export.csv',
    { schema: { querystring: ApplicationsExportQuerySchema }, preHandler: deps.freshRead([PROJECTIONS.subscriptions]) },
    async (request, reply) => {
      const csv = await createApplicationsCsvStream({ db: deps.pool, filter: request.query, pageSize: deps.exportPageSize });
      return sendCsv(reply, applicationsCsvFileName(deps.now()), csv);
    },
  );

  app.get(
    '/api/admin/subscriptions/:id',
    {
      schema: { params: ApplicationIdParamsSchema, response: { 200: AdminApplicationSchema } },
      preHandler: deps.freshRead([PROJECTIONS.subscriptions]),
    },
    async (request) => {
      const application = await readAdminApplication(deps.pool, request.params.id);
      if (!application) throw new DomainError('not_found', APPLICATION_NOT_FOUND);
      return application;
    },
  );
};
