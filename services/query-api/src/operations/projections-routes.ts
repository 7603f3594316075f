import { READ_MODEL_NAMES } from '@acres/read-models';
import { PROJECTION_STATES, readProjectionProgress } from '@acres/read-models/projection-progress';
import { readRecentOperations } from '@acres/read-models/projection-operations';
import { ProjectionOperationSchema } from '@acres/contracts/projection-operations';
import { z } from 'zod';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

// Positions are decimal strings: EventStoreDB positions are 64-bit.
const position = z.string().regex(/^\d+$/);

/** One projection on the admin Operations view (the same table as `npm run projections -- status`). */
export const ProjectionStatusSchema = z.object({
  name: z.string(),
  state: z.enum(PROJECTION_STATES),
  owned: z.boolean(),
  position,
  /** null when lag is not measured. */
  headPosition: position.nullable(),
  lagEvents: z.number().int().nonnegative().nullable(),
  lagEventsCapped: z.boolean(),
  lagSeconds: z.number().nonnegative().nullable(),
  eventsApplied: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  failedPosition: position.nullable(),
  failedEventId: z.string().nullable(),
  failedEventType: z.string().nullable(),
  failedAt: z.string().nullable(),
  parkedEvents: z.number().int().nonnegative(),
  updatedAt: z.string().nullable(),
});

/**
 * GET /api/admin/projections: every projection's state, checkpoint and lag behind the
 * head of the log (events and the age of the oldest unprocessed one), with the last error.
 */
export const registerAdminProjectionsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get('/api/admin/projections', { schema: { response: { 200: z.array(ProjectionStatusSchema) } } }, async () =>
    readProjectionProgress({
      db: deps.pool,
      names: READ_MODEL_NAMES,
      lag: { eventStore: deps.eventLog, maxCount: deps.lagCountCap },
      now: deps.now(),
    }),
  );
};

/**
 * GET /api/admin/projections/operations: the latest rebuilds, resumes and skips (from the
 * Operations tab or the CLI), newest first, each running rebuild with its progress; the
 * tab polls it for the progress bar.
 */
export const registerAdminProjectionOperationsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/projections/operations',
    { schema: { response: { 200: z.array(ProjectionOperationSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readRecentOperations(deps.pool, { limit: 20 });
    },
  );
};
