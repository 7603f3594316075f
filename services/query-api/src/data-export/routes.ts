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
import { AFFILIATE_SALES } from '@acres/read-models/affiliate-sales';
import { AFFILIATES } from '@acres/read-models/affiliates';
import { SUBSCRIPTIONS } from '@acres/read-models/applications';
import { USERS } from '@acres/read-models/identity';
import { LEADS } from '@acres/read-models/leads';
import { PAYMENT_HISTORY } from '@acres/read-models/payment-history';
import { PAYMENTS } from '@acres/read-models/payments';
import { rateLimitPlugin } from '@acres/platform/plugins/rate-limit';
import { DomainError } from '@acres/contracts/errors';
import type { FastifyReply } from 'fastify';
import { setAsOfHeaders, toAsOfStamp } from '../shared/as-of/stamp.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { buildDataExport } from './export.ts';
import type { ObjectReader } from './files.ts';
import { renderSummary } from './summary.ts';
import { zipDataExport } from './zip.ts';
import type { RecordDataExport } from './record-download.ts';

// Everything the export reads from the read models: after a write, x-min-position waits for them all.
const EXPORT_READS = [
  USERS.name,
  LEADS.name,
  SUBSCRIPTIONS.name,
  PAYMENTS.name,
  PAYMENT_HISTORY.name,
  AFFILIATES.name,
  AFFILIATE_SALES.name,
];

export type DataExportDeps = RouteDeps & { objects: ObjectReader | undefined };

/** Own exports per account: each reads the subject's whole history, so a loop cannot keep the server busy. */
export const MY_DATA_EXPORT_LIMIT = { max: 20, windowMs: 60 * 60_000 };

const buildSubjectExport = async (deps: DataExportDeps, subject: DataExportQuery) => {
  const now = deps.now();
  const { data, files } = await buildDataExport({ pool: deps.pool, subject, log: deps.eventLog, objects: deps.objects, now });
  return { now, data, zip: zipDataExport({ data, summary: renderSummary(data), files }) };
};

const sendDataExport = (reply: FastifyReply, subject: DataExportQuery, built: Awaited<ReturnType<typeof buildSubjectExport>>) => {
  const { now, data, zip } = built;
  setAsOfHeaders(reply, toAsOfStamp(BigInt(data.asOfPosition), null));
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${dataExportFileName(subject, now)}"`)
    .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
};

/** Register inside a context with registerSessionSupport (and no-store). */
export const registerMyDataExportRoutes = async (app: QueryApp, deps: DataExportDeps) => {
  await app.register(rateLimitPlugin, { pool: deps.pool });
  const rateLimit = app.rateLimit({
    max: MY_DATA_EXPORT_LIMIT.max,
    timeWindow: MY_DATA_EXPORT_LIMIT.windowMs,
    keyGenerator: (request) => `data-export:${request.sessionUser?.id ?? 'nobody'}`,
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'rate_limited',
        `Too many downloads of your data. Try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} minutes.`,
      ),
  });
  // requireUser first: the limit counts per account, and a stranger gets 401 at once.
  app.get(DATA_EXPORT_ROUTE, { preHandler: [requireUser, rateLimit, deps.freshRead(EXPORT_READS)] }, async (request, reply) => {
    const subject: DataExportQuery = { kind: 'user', id: request.sessionUser!.id };
    return sendDataExport(reply, subject, await buildSubjectExport(deps, subject));
  });
};

/**
 * Register inside the admin context (guard and no-store). Each download is recorded before a
 * byte is sent: an append that fails fails the download, so no copy leaves unaudited. Without
 * a recorder the route is off rather than silent.
 */
export const registerAdminDataExportRoutes = (
  app: QueryApp,
  deps: DataExportDeps & { recordDataExport: RecordDataExport | undefined },
) => {
  const { recordDataExport } = deps;
  if (!recordDataExport) {
    app.log.warn(`GET ${ADMIN_DATA_EXPORT_ROUTE} is off: the query API was given no way to record downloads in the log`);
    return;
  }
  app.get(
    ADMIN_DATA_EXPORT_ROUTE,
    { schema: { querystring: DataExportQuerySchema }, preHandler: deps.freshRead(EXPORT_READS) },
    async (request, reply) => {
      // Built first: an unknown subject answers 404 with nothing recorded.
      const built = await buildSubjectExport(deps, request.query);
      await recordDataExport(request, request.query);
      return sendDataExport(reply, request.query, built);
    },
  );
};
