// The affiliate's monthly commission statement, as JSON and as a CSV download, now or as
// of a log position (?asOf=) or a Lagos day (?asOfDate=).

import { AffiliateStatementAsOfSchema, StatementAsOfQuerySchema } from '@acres/contracts/as-of';
import { answerStatementCsv, answerStatementJson } from './statement-answer.ts';
import { affiliateNotFound, ownReadHooks } from './reads.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const registerAffiliateStatementRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/affiliate/statements',
    {
      schema: { querystring: StatementAsOfQuerySchema, response: { 200: AffiliateStatementAsOfSchema } },
      ...ownReadHooks(deps, 'statement'),
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
      ...ownReadHooks(deps, 'statement'),
    },
    async (request, reply) => {
      const { month, ...query } = request.query;
      return answerStatementCsv(deps, reply, { userId: request.sessionUser!.id, month, query, notFound: affiliateNotFound });
    },
  );
};
