// The pipeline's side of the admin's lead list: each lead's stage, owner and overdue flag
// joined from lead_pipeline, and the list's filters on them. A lead the pipeline projection
// has not reached yet reads as new and unassigned, which is what it is.

import type { AdminLead, Lead } from '@acres/contracts/lead';
import { LEAD_CONTACT_PROMISE_MS, UNASSIGNED_OWNER, type LeadStage } from '@acres/contracts/lead-pipeline';
import { LEAD_PIPELINE } from './lead-pipeline.ts';

/** The leads table as `l` with its pipeline row as `p`. */
export const joinPipeline = (leadsTable: string) => `${leadsTable} l LEFT JOIN ${LEAD_PIPELINE.table} p ON p.lead_id = l.id`;

const STAGE = `coalesce(p.stage, 'new')`;
const OWNER = `coalesce(p.owner_id, '${UNASSIGNED_OWNER}')`;

/** Still new when the promised contact time is up; `now` is the parameter numbered `nowParam`. */
export const overdueSql = (nowParam: number, createdAt = 'l.created_at') =>
  `(${STAGE} = 'new' AND ${createdAt} <= $${nowParam}::timestamptz - make_interval(secs => ${LEAD_CONTACT_PROMISE_MS / 1000}))`;

export const pipelineSelect = (nowParam: number) =>
  `${STAGE} AS stage, ${OWNER} AS owner_id, p.first_contact_at, p.last_activity_at, ${overdueSql(nowParam)} AS overdue`;

export type PipelineColumns = {
  stage: LeadStage;
  owner_id: string;
  first_contact_at: Date | null;
  last_activity_at: Date | null;
  overdue: boolean;
};

/** The list's pipeline filters as conditions; their values are pushed onto `values` (whose $1 is now). */
export const pipelineConditions = (
  filter: { stage?: LeadStage | undefined; owner?: string | undefined; overdue?: boolean | undefined },
  values: unknown[],
): string[] => {
  const conditions: string[] = [];
  if (filter.stage) {
    values.push(filter.stage);
    conditions.push(`${STAGE} = $${values.length}`);
  }
  if (filter.owner) {
    values.push(filter.owner);
    conditions.push(`${OWNER} = $${values.length}`);
  }
  if (filter.overdue !== undefined) conditions.push(filter.overdue ? overdueSql(1) : `NOT ${overdueSql(1)}`);
  return conditions;
};

export const toPipeline = (row: PipelineColumns): Omit<AdminLead, keyof Lead> => ({
  stage: row.stage,
  ownerId: row.owner_id,
  overdue: row.overdue,
  firstContactAt: row.first_contact_at?.toISOString() ?? null,
  lastActivityAt: row.last_activity_at?.toISOString() ?? null,
});
