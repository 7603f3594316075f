// The admin's payment list (SPEC 7 GET /api/admin/payments) and any payment's timeline.

import { AdminLeadsQuerySchema } from '@acres/contracts/lead';
import { AdminPaymentsResponseSchema, PaymentHistoryEntrySchema } from '@acres/contracts/payment';
import {
  AdminPaymentsFilterSchema,
  AdminPaymentsFilterShape,
  checkDateRange,
  EXPORT_POSITION_HEADER,
} from '@acres/contracts/payment-audit';
import { z } from 'zod';
import { createPaymentsCsvStream, paymentsCsvFileName } from './csv.ts';
import { listPayments } from '@acres/read-models/payments';
import { readPaymentHistory } from '@acres/read-models/payment-history';
import { PAYMENT_READS } from './reads.ts';
import { paymentNotFound, PaymentIdParamsSchema } from './routes.ts';
import { checkCursor } from '../shared/query-schemas.ts';
import { registerListRoute } from '../shared/list-page.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { sendCsv } from '../shared/csv.ts';

/** The audit's filters (search, status, from, to, investor) and the same paging rules as the admin's other lists. */
export const AdminPaymentsQuerySchema = z
  .object({
    ...AdminPaymentsFilterShape,
    limit: AdminLeadsQuerySchema.shape.limit,
    offset: AdminLeadsQuerySchema.shape.offset,
    cursor: AdminLeadsQuerySchema.shape.cursor,
  })
  .superRefine(checkDateRange)
  .superRefine(checkCursor);

/** Register inside the admin context (its guard runs first). */
export const registerAdminPaymentsRoutes = (app: QueryApp, deps: RouteDeps) => {
  registerListRoute(app, deps, {
    url: '/api/admin/payments',
    querystring: AdminPaymentsQuerySchema,
    response: AdminPaymentsResponseSchema,
    reads: PAYMENT_READS.adminList,
    list: (query) => listPayments(deps.pool, query),
  });

  // The filtered set as a CSV file; the position it was taken at is its first line, its
  // file name and the x-acres-event-position header (csv.ts).
  app.get(
    '/api/admin/payments/export.csv',
    { schema: { querystring: AdminPaymentsFilterSchema }, preHandler: deps.freshRead(PAYMENT_READS.adminList) },
    async (request, reply) => {
      const now = deps.now();
      const { stream, position } = await createPaymentsCsvStream({
        pool: deps.pool,
        filter: request.query,
        now,
        pageSize: deps.exportPageSize,
      });
      return sendCsv(reply.header(EXPORT_POSITION_HEADER, position.toString()), paymentsCsvFileName(now, position), stream);
    },
  );

  app.get(
    '/api/admin/payments/:id/history',
    {
      schema: { params: PaymentIdParamsSchema, response: { 200: z.array(PaymentHistoryEntrySchema) } },
      preHandler: deps.freshRead(PAYMENT_READS.history),
    },
    async (request) => {
      const history = await readPaymentHistory(deps.pool, { paymentId: request.params.id, viewer: { kind: 'admin' } });
      if (!history) throw paymentNotFound();
      return history;
    },
  );
};
