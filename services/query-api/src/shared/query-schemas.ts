import { AdminLeadsQuerySchema } from '@acres/contracts/lead';

const hasNoNul = (query: { search?: string | undefined }) => !query.search?.includes('\u0000');
// PostgreSQL text cannot hold NUL; caught here so it answers 400, not a database error.
const NUL_ISSUE = { path: ['search'], message: 'search must not contain NUL characters' };

/** limit, offset and search for the admin's lists (leads and applications alike). */
export const AdminListQuerySchema = AdminLeadsQuerySchema.refine(hasNoNul, NUL_ISSUE);

/** The CSV export takes the search only: it always streams every matching lead. */
export const LeadsExportQuerySchema = AdminLeadsQuerySchema.pick({ search: true }).refine(hasNoNul, NUL_ISSUE);
