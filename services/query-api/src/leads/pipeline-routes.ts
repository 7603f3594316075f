import { z } from 'zod';
import { DomainError } from '@acres/contracts/errors';
import { LEAD_PIPELINE_MESSAGES } from '@acres/contracts/lead-pipeline';
import { LeadMetricsQuerySchema, LeadMetricsSchema, LeadTimelineResponseSchema } from '@acres/contracts/lead-pipeline-reads';
import { readLeadMetrics } from '@acres/read-models/lead-metrics';
import { readLeadTimeline } from '@acres/read-models/lead-timeline';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

const LeadIdParamsSchema = z.object({ id: z.guid({ error: 'Lead id must be a uuid' }).transform((id) => id.toLowerCase()) });

/**
 * GET /api/admin/leads/{id}/timeline (the lead dialog) and GET /api/admin/leads/metrics
 * (the overview's time to first contact and funnel), behind the admin guard like every
 * /api/admin read.
 */
export const registerLeadPipelineReads = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/leads/:id/timeline',
    {
      schema: { params: LeadIdParamsSchema, response: { 200: LeadTimelineResponseSchema } },
      preHandler: deps.freshRead([PROJECTIONS.leadTimeline]),
    },
    async (request) => {
      const entries = await readLeadTimeline(deps.pool, request.params.id);
      if (!entries) throw new DomainError('not_found', LEAD_PIPELINE_MESSAGES.leadNotFound);
      return { leadId: request.params.id, entries };
    },
  );

  app.get(
    '/api/admin/leads/metrics',
    {
      schema: { querystring: LeadMetricsQuerySchema, response: { 200: LeadMetricsSchema } },
      preHandler: deps.freshRead([PROJECTIONS.leadPipeline]),
    },
    async (request) => readLeadMetrics(deps.pool, request.query, deps.now()),
  );
};
