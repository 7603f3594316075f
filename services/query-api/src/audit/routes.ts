// The admin's Audit log (issue 12): GET /api/admin/audit-log (newest first, keyset cursors,
// filters) and its CSV export of the filtered set; and (issue 14) the log's latest verification.

import {
  AdminAuditLogResponseSchema,
  AuditLogFiltersObjectSchema,
  AuditLogFiltersSchema,
  checkAuditDateRange,
} from '@acres/contracts/audit-log';
import { AdminLeadsQuerySchema } from '@acres/contracts/lead';
import { AdminLogIntegrityResponseSchema } from '@acres/contracts/log-integrity';
import { AUDIT_LOG } from '@acres/read-models/audit-log';
import { z } from 'zod';
import { registerListRoute } from '../shared/list-page.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { decodeAuditCursor } from '@acres/read-models/audit-cursor';
import { auditCsvFileName, createAuditCsvStream } from './csv.ts';
import { readLatestLogVerification } from './integrity.ts';
import { listAuditLog, readIntegrityCheckActor } from '@acres/read-models/audit-log-queries';
import { sendCsv } from '../shared/csv.ts';

const AUDIT_READS = [AUDIT_LOG.name];

export const AdminAuditLogQuerySchema = AuditLogFiltersObjectSchema.extend({
  limit: AdminLeadsQuerySchema.shape.limit,
  cursor: z
    .string()
    .optional()
    .refine(
      (text) => text === undefined || decodeAuditCursor(text) !== undefined,
      'cursor must be a cursor returned by this list',
    ),
}).superRefine(checkAuditDateRange);

export const registerAdminAuditLogRoutes = (app: QueryApp, deps: RouteDeps) => {
  registerListRoute(app, deps, {
    url: '/api/admin/audit-log',
    querystring: AdminAuditLogQuerySchema,
    response: AdminAuditLogResponseSchema,
    reads: AUDIT_READS,
    list: ({ limit, cursor, ...filters }) =>
      listAuditLog(deps.pool, { filters, limit, cursor: cursor === undefined ? undefined : decodeAuditCursor(cursor) }),
  });

  // The verification is not a read model (the verifier writes it directly); who asked for it is
  // the Audit log's, named once that has caught up with the check's event.
  app.get('/api/admin/audit-log/integrity', { schema: { response: { 200: AdminLogIntegrityResponseSchema } } }, async () => {
    const verification = await readLatestLogVerification(deps.pool);
    return {
      verification,
      checkedBy: verification ? await readIntegrityCheckActor(deps.pool, verification.checkedAt) : null,
    };
  });

  app.get(
    '/api/admin/audit-log/export.csv',
    { schema: { querystring: AuditLogFiltersSchema }, preHandler: deps.freshRead(AUDIT_READS) },
    async (request, reply) => {
      const csv = await createAuditCsvStream({ db: deps.pool, filters: request.query, pageSize: deps.exportPageSize });
      return sendCsv(reply, auditCsvFileName(deps.now()), csv);
    },
  );
};
