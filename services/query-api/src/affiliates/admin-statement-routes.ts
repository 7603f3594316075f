// Any affiliate's monthly statement for the admin (issue 12): the affiliate's own
// statement, JSON and CSV, found by the affiliate's profile id.

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
import { findAffiliateUserId } from './queries.ts';
import { AFFILIATE_READS } from './reads.ts';

const AffiliateParamsSchema = z.object({
  id: z.guid({ error: 'Affiliate id must be a uuid' }).transform((id) => id.toLowerCase()),
});

const readAffiliateStatement = async (deps: RouteDeps, options: { affiliateId: string; month: string }) => {
  if (options.month > statementMonthOf(deps.now())) {
    throw new DomainError('validation_failed', `month: ${STATEMENT_MESSAGES.future}`, [
      { field: 'month', message: STATEMENT_MESSAGES.future },
    ]);
  }
  const userId = await findAffiliateUserId(deps.pool, options.affiliateId);
  if (!userId) throw new DomainError('not_found', 'Affiliate not found');
  return readStatement(deps.pool, { userId, month: options.month });
};

export const registerAdminStatementRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/affiliates/:id/statements',
    {
      schema: { params: AffiliateParamsSchema, querystring: StatementQuerySchema, response: { 200: AffiliateStatementSchema } },
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request) => readAffiliateStatement(deps, { affiliateId: request.params.id, month: request.query.month }),
  );

  app.get(
    '/api/admin/affiliates/:id/statements.csv',
    {
      schema: { params: AffiliateParamsSchema, querystring: StatementQuerySchema },
      preHandler: deps.freshRead(AFFILIATE_READS.statement),
    },
    async (request, reply) => {
      const statement = await readAffiliateStatement(deps, { affiliateId: request.params.id, month: request.query.month });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementCsvFileName(statement.month)}"`)
        .send(encodeStatementCsv(statement));
    },
  );
};
