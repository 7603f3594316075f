import { AdminLeadsQuerySchema } from '@acres/contracts/lead';
import type { z } from 'zod';
import { decodeCursor, isCursorError } from '@acres/read-models/list-cursor';

const hasNoNul = (query: { search?: string | undefined }) => !query.search?.includes('\u0000');
// PostgreSQL text cannot hold NUL; caught here so it answers 400, not a database error.
const NUL_ISSUE = { path: ['search'], message: 'search must not contain NUL characters' };

/** A cursor that does not decode answers 400 naming `cursor` and why. */
export const checkCursor = (query: { cursor?: string | undefined }, context: z.RefinementCtx) => {
  if (query.cursor === undefined) return;
  const decoded = decodeCursor(query.cursor);
  if (isCursorError(decoded)) context.addIssue({ code: 'custom', path: ['cursor'], message: decoded.error });
};

/** limit, offset or cursor, and search for the admin's lists (leads and applications alike). */
export const AdminListQuerySchema = AdminLeadsQuerySchema.refine(hasNoNul, NUL_ISSUE).superRefine(checkCursor);

/** The CSV export takes the search only: it always streams every matching lead. */
export const LeadsExportQuerySchema = AdminLeadsQuerySchema.pick({ search: true }).refine(hasNoNul, NUL_ISSUE);
