// The statement's answer for the affiliate's own routes and the admin's: the month checked
// against the clock, the profile checked, then the statement now or as of a position, with
// the position it was taken at in the body, the headers and the CSV's first line.

import { STATEMENT_MESSAGES, statementMonthOf } from '@acres/contracts/affiliate-reads';
import type { AsOfQuery } from '@acres/contracts/as-of';
import { DomainError } from '@acres/contracts/errors';
import type { FastifyReply } from 'fastify';
import { setAsOfHeaders, toAsOfStamp } from '../shared/as-of/stamp.ts';
import type { RouteDeps } from '../shared/route-types.ts';
import { hasAffiliateProfile } from '@acres/read-models/affiliates-queries';
import { readStatementAsOf } from './statement-as-of.ts';
import { encodeStatementCsv, statementCsvFileName } from './statement-csv.ts';
import { sendCsv } from '../shared/csv.ts';

type StatementRequest = { userId: string; month: string; query: AsOfQuery; notFound: () => Error };

const readAnswer = async (deps: RouteDeps, options: StatementRequest) => {
  const now = deps.now();
  if (options.month > statementMonthOf(now)) {
    throw new DomainError('validation_failed', `month: ${STATEMENT_MESSAGES.future}`, [
      { field: 'month', message: STATEMENT_MESSAGES.future },
    ]);
  }
  const [registered, read] = await Promise.all([
    hasAffiliateProfile(deps.pool, options.userId),
    readStatementAsOf(deps.pool, {
      userId: options.userId,
      month: options.month,
      query: options.query,
      now,
      log: deps.eventLog,
    }),
  ]);
  if (!registered) throw options.notFound();
  return { statement: read.statement, stamp: toAsOfStamp(read.position, read.point) };
};

export const answerStatementJson = async (deps: RouteDeps, reply: FastifyReply, options: StatementRequest) => {
  const { statement, stamp } = await readAnswer(deps, options);
  setAsOfHeaders(reply, stamp);
  return { ...statement, ...stamp };
};

export const answerStatementCsv = async (deps: RouteDeps, reply: FastifyReply, options: StatementRequest) => {
  const { statement, stamp } = await readAnswer(deps, options);
  setAsOfHeaders(reply, stamp);
  return sendCsv(reply, statementCsvFileName(statement.month, stamp.asOfPosition), encodeStatementCsv(statement));
};
