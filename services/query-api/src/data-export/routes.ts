// GET /api/me/data-export (the signed-in investor or affiliate, their own data) and
// GET /api/admin/data-export?kind=&id= (the admin, any subject): one ZIP each.

import {
  ADMIN_DATA_EXPORT_ROUTE,
  DATA_EXPORT_ROUTE,
  DataExportQuerySchema,
  dataExportFileName,
  type DataExportQuery,
} from '@acres/contracts/data-export';
import { requireUser } from '@acres/platform/sessions';
import type { FastifyReply } from 'fastify';
import { setAsOfHeaders, toAsOfStamp } from '../shared/as-of/stamp.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { buildDataExport } from './export.ts';
import type { ObjectReader } from './files.ts';
import { renderSummary } from './summary.ts';
import { zipDataExport } from './zip.ts';

export type DataExportDeps = RouteDeps & { objects: ObjectReader | undefined };

const sendDataExport = async (reply: FastifyReply, deps: DataExportDeps, subject: DataExportQuery) => {
  const now = deps.now();
  const { data, files } = await buildDataExport({ pool: deps.pool, subject, open: deps.openEvents, objects: deps.objects, now });
  const zip = zipDataExport({ data, summary: renderSummary(data), files });
  setAsOfHeaders(reply, toAsOfStamp(BigInt(data.asOfPosition), null));
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${dataExportFileName(subject, now)}"`)
    .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
};

/** Register inside a context with registerSessionSupport (and no-store). */
export const registerMyDataExportRoutes = (app: QueryApp, deps: DataExportDeps) => {
  app.get(DATA_EXPORT_ROUTE, { preHandler: [requireUser] }, async (request, reply) =>
    sendDataExport(reply, deps, { kind: 'user', id: request.sessionUser!.id }),
  );
};

/** Register inside the admin context (guard and no-store). */
export const registerAdminDataExportRoutes = (app: QueryApp, deps: DataExportDeps) => {
  app.get(ADMIN_DATA_EXPORT_ROUTE, { schema: { querystring: DataExportQuerySchema } }, async (request, reply) =>
    sendDataExport(reply, deps, request.query),
  );
};
