// The investor's own payments (SPEC 7 GET /api/payments) and each one's timeline.

import { PaymentHistoryEntrySchema, PaymentsResponseSchema } from '@acres/contracts/payment';
import { DomainError } from '@acres/contracts/errors';
import { requireUser } from '@acres/platform/sessions';
import { z } from 'zod';
import { listOwnPayments } from './queries.ts';
import { readPaymentHistory } from './history-queries.ts';
import { PAYMENT_READS } from './reads.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const PaymentIdParamsSchema = z.object({ id: z.string() });

export const paymentNotFound = () => new DomainError('not_found', 'Payment not found');

/** Register inside a context with registerSessionSupport. */
export const registerPaymentsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/payments',
    {
      schema: { response: { 200: PaymentsResponseSchema } },
      // requireUser first: a stranger gets 401 at once, never a wait.
      preHandler: [requireUser, deps.freshRead(PAYMENT_READS.list)],
    },
    async (request) => listOwnPayments(deps.pool, request.sessionUser!.id),
  );

  app.get(
    '/api/payments/:id/history',
    {
      schema: { params: PaymentIdParamsSchema, response: { 200: z.array(PaymentHistoryEntrySchema) } },
      preHandler: [requireUser, deps.freshRead(PAYMENT_READS.history)],
    },
    async (request) => {
      const history = await readPaymentHistory(deps.pool, {
        paymentId: request.params.id,
        viewer: { kind: 'investor', userId: request.sessionUser!.id },
      });
      if (!history) throw paymentNotFound();
      return history;
    },
  );
};
