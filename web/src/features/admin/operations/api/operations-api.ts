import { z } from 'zod';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** Under the admin prefix, so the dashboard's Refresh reaches it too. */
export const ADMIN_PROJECTIONS_KEY = '/api/admin/projections';

/**
 * GET /api/admin/projections, one entry per projection (the query API's
 * ProjectionStatusSchema; positions are decimal strings, they are 64-bit).
 */
export const ProjectionStatusSchema = z.object({
  name: z.string(),
  state: z.enum(['running', 'stopped', 'failed', 'not-started', 'rebuilding']),
  owned: z.boolean(),
  position: z.string(),
  headPosition: z.string().nullable(),
  lagEvents: z.number().nullable(),
  lagEventsCapped: z.boolean(),
  lagSeconds: z.number().nullable(),
  eventsApplied: z.number(),
  lastError: z.string().nullable(),
  failedPosition: z.string().nullable(),
  failedEventId: z.string().nullable(),
  failedEventType: z.string().nullable(),
  failedAt: z.string().nullable(),
  parkedEvents: z.number(),
  updatedAt: z.string().nullable(),
});
export type ProjectionStatus = z.infer<typeof ProjectionStatusSchema>;

const ProjectionStatusesSchema = z.array(ProjectionStatusSchema);

export function useProjectionStatus() {
  return useAdminQuery(ADMIN_PROJECTIONS_KEY, ProjectionStatusesSchema, { dedupingInterval: 1000 });
}
