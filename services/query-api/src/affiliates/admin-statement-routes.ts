// Any affiliate's monthly statement for the admin (issue 12): the affiliate's own
// statement, JSON and CSV. The account is named by its userId, as in the admin's suspend
// and reactivate commands (the same path segment must carry one parameter name).

import {
  AffiliateStatementSchema,
  STATEMENT_MESSAGES,
  statementMonthOf,
  StatementQuerySchema,
} from '@acres/contracts/affiliate-reads';
import { DomainError } from '@acres/contracts/errors';
import { z } from 'zod';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { encodeStatementCsv, statementCsvFileName } from './statement-csv.ts';
import { readStatement } from './statement-queries.ts';
import { hasAffiliateProfile } from './queries.ts';
import { AFFILIATE_READS } from './reads.ts';

const AffiliateParamsSchema = z.object({
  userId: z.guid({ error: "Affiliate user id must be a uuid (the affiliate's userId)" }).transform((id) => id.toLowerCase()),
});

const readAffiliateStatement = async (deps: RouteDeps, options: { userId: string; month: string }) => {
  if (options.month > statementMonthOf(deps.now())) {
    throw new DomainError('validation_failed', `month: ${STATEMENT_MESSAGES.future}`, [
      { field: 'month', message: STATEMENT_MESSAGES.future },
    ]);
  }
  const [registered, statement] = await Promise.all([
    hasAffiliateProfile(deps.pool, options.userId),
    readStatement(deps.pool, options),
  ]);
  if (!registered) throw new DomainError('not_found', 'Affiliate not found');
  return statement;
};

export const registerAdminStatementRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/affiliates/:userId/statements',
    {
      schema: { params: AffiliateParamsSchema, querystring: StatementQuerySchema, response: { 200: AffiliateStatementSchema } },
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request) => readAffiliateStatement(deps, { userId: request.params.userId, month: request.query.month }),
  );

  app.get(
    '/api/admin/affiliates/:userId/statements.csv',
    {
      schema: { params: AffiliateParamsSchema, querystring: StatementQuerySchema },
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request, reply) => {
      const statement = await readAffiliateStatement(deps, { userId: request.params.userId, month: request.query.month });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementCsvFileName(statement.month)}"`)
        .send(encodeStatementCsv(statement));
    },
  );
};
