// The affiliate's monthly commission statement, as JSON and as a CSV download, now or as
// of a log position (?asOf=) or a Lagos day (?asOfDate=).

import { requireUser } from '@acres/platform/sessions';
import { AffiliateStatementAsOfSchema, StatementAsOfQuerySchema } from '@acres/contracts/as-of';
import { answerStatementCsv, answerStatementJson } from './statement-answer.ts';
import { AFFILIATE_READS, affiliateNotFound } from './reads.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const registerAffiliateStatementRoutes = (app: QueryApp, deps: RouteDeps) => {
  // onRequest, not preHandler: a stranger gets 401 before the month is even looked at.
  app.get(
    '/api/affiliate/statements',
    {
      schema: { querystring: StatementAsOfQuerySchema, response: { 200: AffiliateStatementAsOfSchema } },
      onRequest: requireUser,
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request, reply) => {
      const { month, ...query } = request.query;
      return answerStatementJson(deps, reply, { userId: request.sessionUser!.id, month, query, notFound: affiliateNotFound });
    },
  );

  app.get(
    '/api/affiliate/statements.csv',
    {
      schema: { querystring: StatementAsOfQuerySchema },
      onRequest: requireUser,
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request, reply) => {
      const { month, ...query } = request.query;
      return answerStatementCsv(deps, reply, { userId: request.sessionUser!.id, month, query, notFound: affiliateNotFound });
    },
  );
};
