// The admin's payment list (SPEC 7 GET /api/admin/payments) and any payment's timeline.

import { AdminLeadsQuerySchema } from '@acres/contracts/lead';
import { AdminPaymentsResponseSchema, PaymentHistoryEntrySchema } from '@acres/contracts/payment';
import { PAYMENT_STATUSES } from '@acres/contracts/constants';
import { z } from 'zod';
import { listPayments } from './queries.ts';
import { readPaymentHistory } from './history-queries.ts';
import { PAYMENT_READS } from './reads.ts';
import { paymentNotFound, PaymentIdParamsSchema } from './routes.ts';
import { checkCursor } from '../shared/query-schemas.ts';
import { sendListPage } from '../shared/list-page.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const AdminPaymentsQuerySchema = z
  .object({
    // 'all' is the filter's "no filter" choice, the same as leaving status out.
    status: z
      .enum([...PAYMENT_STATUSES, 'all'], { error: 'status must be pending, approved, rejected or all' })
      .optional()
      .transform((status) => (status === 'all' ? undefined : status)),
    // The same paging rules as the admin's other lists.
    limit: AdminLeadsQuerySchema.shape.limit,
    offset: AdminLeadsQuerySchema.shape.offset,
    cursor: AdminLeadsQuerySchema.shape.cursor,
  })
  .superRefine(checkCursor);

/** Register inside the admin context (its guard runs first). */
export const registerAdminPaymentsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/payments',
    {
      schema: { querystring: AdminPaymentsQuerySchema, response: { 200: AdminPaymentsResponseSchema } },
      preHandler: deps.freshRead(PAYMENT_READS.adminList),
    },
    async (request, reply) =>
      sendListPage(deps.pool, request, reply, PAYMENT_READS.adminList, () => listPayments(deps.pool, request.query)),
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
