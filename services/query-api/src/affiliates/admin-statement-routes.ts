// Any affiliate's monthly statement for the admin (issue 12): the affiliate's own
// statement, JSON and CSV, now or as of a log position or a Lagos day (issue 14). The
// account is named by its userId, as in the admin's suspend and reactivate commands (the
// same path segment must carry one parameter name).

import { DomainError } from '@acres/contracts/errors';
import { z } from 'zod';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { AffiliateStatementAsOfSchema, StatementAsOfQuerySchema } from '@acres/contracts/as-of';
import { answerStatementCsv, answerStatementJson } from './statement-answer.ts';
import { AFFILIATE_READS } from './reads.ts';

const AffiliateParamsSchema = z.object({
  userId: z.guid({ error: "Affiliate user id must be a uuid (the affiliate's userId)" }).transform((id) => id.toLowerCase()),
});

const notFound = () => new DomainError('not_found', 'Affiliate not found');

export const registerAdminStatementRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/affiliates/:userId/statements',
    {
      schema: {
        params: AffiliateParamsSchema,
        querystring: StatementAsOfQuerySchema,
        response: { 200: AffiliateStatementAsOfSchema },
      },
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request, reply) => {
      const { month, ...query } = request.query;
      return answerStatementJson(deps, reply, { userId: request.params.userId, month, query, notFound });
    },
  );

  app.get(
    '/api/admin/affiliates/:userId/statements.csv',
    {
      schema: { params: AffiliateParamsSchema, querystring: StatementAsOfQuerySchema },
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request, reply) => {
      const { month, ...query } = request.query;
      return answerStatementCsv(deps, reply, { userId: request.params.userId, month, query, notFound });
    },
  );
};
