// The affiliate's monthly commission statement, as JSON and as a CSV download.

import {
  AffiliateStatementSchema,
  STATEMENT_MESSAGES,
  statementMonthOf,
  StatementQuerySchema,
} from '@acres/contracts/affiliate-reads';
import { DomainError } from '@acres/contracts/errors';
import { requireUser } from '@acres/platform/sessions';
import { encodeStatementCsv, statementCsvFileName } from './statement-csv.ts';
import { readStatement } from './statement-queries.ts';
import { hasAffiliateProfile } from './queries.ts';
import { AFFILIATE_READS, affiliateNotFound } from './reads.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

/** The month's statement of the signed-in affiliate; 400 for a month after the current Lagos month. */
const readOwnStatement = async (deps: RouteDeps, options: { userId: string; month: string }) => {
  if (options.month > statementMonthOf(deps.now())) {
    throw new DomainError('validation_failed', `month: ${STATEMENT_MESSAGES.future}`, [
      { field: 'month', message: STATEMENT_MESSAGES.future },
    ]);
  }
  const [registered, statement] = await Promise.all([
    hasAffiliateProfile(deps.pool, options.userId),
    readStatement(deps.pool, options),
  ]);
  if (!registered) throw affiliateNotFound();
  return statement;
};

export const registerAffiliateStatementRoutes = (app: QueryApp, deps: RouteDeps) => {
  // onRequest, not preHandler: a stranger gets 401 before the month is even looked at.
  app.get(
    '/api/affiliate/statements',
    {
      schema: { querystring: StatementQuerySchema, response: { 200: AffiliateStatementSchema } },
      onRequest: requireUser,
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request) => readOwnStatement(deps, { userId: request.sessionUser!.id, month: request.query.month }),
  );

  app.get(
    '/api/affiliate/statements.csv',
    {
      schema: { querystring: StatementQuerySchema },
      onRequest: requireUser,
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request, reply) => {
      const statement = await readOwnStatement(deps, { userId: request.sessionUser!.id, month: request.query.month });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementCsvFileName(statement.month)}"`)
        .send(encodeStatementCsv(statement));
    },
  );
};
