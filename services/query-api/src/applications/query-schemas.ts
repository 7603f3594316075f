import { AdminLeadsQuerySchema } from '@acres/contracts/lead';
import { SUBSCRIPTION_STATUSES } from '@acres/contracts/constants';
import { z } from 'zod';
import { checkCursor } from '../shared/query-schemas.ts';

// 'all' is the filter's "no filter" choice, the same as leaving status out.
const StatusFilterSchema = z
  .enum([...SUBSCRIPTION_STATUSES, 'all'], { error: 'status must be pending, approved, rejected or all' })
  .optional()
  .transform((status) => (status === 'all' ? undefined : status));

// PostgreSQL text cannot hold NUL; caught here so it answers 400, not a database error.
const noNul = (query: { search?: string | undefined }, context: z.RefinementCtx) => {
  if (query.search?.includes('\u0000'))
    context.addIssue({ code: 'custom', path: ['search'], message: 'search must not contain NUL characters' });
};

/** The admin's application list: the other lists' paging and search, and a status. */
export const AdminApplicationsQuerySchema = z
  .object({ ...AdminLeadsQuerySchema.shape, status: StatusFilterSchema })
  .superRefine(noNul)
  .superRefine(checkCursor);

/** The CSV export: every application matching the search and status. */
export const ApplicationsExportQuerySchema = z
  .object({ search: AdminLeadsQuerySchema.shape.search, status: StatusFilterSchema })
  .superRefine(noNul);

export const ApplicationIdParamsSchema = z.object({
  // Any 8-4-4-4-12 hex id: an unknown one answers 404 like a missing one.
  id: z.guid({ error: 'Application id must be a uuid' }).transform((id) => id.toLowerCase()),
});
