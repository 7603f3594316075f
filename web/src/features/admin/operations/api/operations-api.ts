import {
  ProjectionOperationSchema,
  type ProjectionOperation,
  type SkipPoisonEventForm,
} from '@acres/contracts/projection-operations';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
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

/** GET /api/admin/projections/operations: the latest rebuilds, resumes and skips, newest first. */
export const ADMIN_OPERATIONS_KEY = '/api/admin/projections/operations';

const ProjectionOperationsSchema = z.array(ProjectionOperationSchema);

export const isActiveOperation = (operation: ProjectionOperation) =>
  operation.status === 'requested' || operation.status === 'running';

/** Polled twice a second while a rebuild runs (its progress bar), not at all otherwise. */
export function useProjectionOperations() {
  return useAdminQuery(ADMIN_OPERATIONS_KEY, ProjectionOperationsSchema, {
    dedupingInterval: 250,
    refreshInterval: (operations) => (operations?.some(isActiveOperation) ? 500 : 0),
  });
}

const operationUrl = (name: string, action: 'rebuild' | 'resume' | 'skip') =>
  `/api/admin/projections/${encodeURIComponent(name)}/${action}`;

const sendOperation = async (authorization: string, url: string, body: object): Promise<ProjectionOperation> => {
  const res = await apiRequest('POST', url, body, { headers: { authorization } });
  return ProjectionOperationSchema.parse(await res.json());
};

/** Answers once a projector process has started the rebuild (202); its progress is then polled. */
export const requestRebuild = (authorization: string, name: string) =>
  sendOperation(authorization, operationUrl(name, 'rebuild'), {});

export const requestResume = (authorization: string, name: string) =>
  sendOperation(authorization, operationUrl(name, 'resume'), {});

export const requestSkip = (authorization: string, name: string, form: SkipPoisonEventForm) =>
  sendOperation(authorization, operationUrl(name, 'skip'), form);
