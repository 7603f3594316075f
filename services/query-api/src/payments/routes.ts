// The investor's own payments (SPEC 7 GET /api/payments) and each one's timeline.

import { AsOfQuerySchema } from '@acres/contracts/as-of';
import { PaymentHistoryEntrySchema, PaymentsResponseSchema } from '@acres/contracts/payment';
import { DomainError } from '@acres/contracts/errors';
import { requireUser } from '@acres/platform/sessions';
import { z } from 'zod';
import { readOwnPaymentsAsOf } from './as-of.ts';
import { setAsOfHeaders, toAsOfStamp } from '../shared/as-of/stamp.ts';
import { readPaymentHistory } from '@acres/read-models/payment-history';
import { PAYMENT_READS } from './reads.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

export const PaymentIdParamsSchema = z.object({ id: z.string() });

export const paymentNotFound = () => new DomainError('not_found', 'Payment not found');

/** Register inside a context with registerSessionSupport. */
export const registerPaymentsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/payments',
    {
      schema: { querystring: AsOfQuerySchema, response: { 200: PaymentsResponseSchema } },
      // requireUser first: a stranger gets 401 at once, never a wait.
      preHandler: [requireUser, deps.freshRead(PAYMENT_READS.list)],
    },
    // The body stays SPEC 7's array; the position it is as of (and the date asked) travel in headers.
    async (request, reply) => {
      const { payments, position, point } = await readOwnPaymentsAsOf(deps.pool, {
        userId: request.sessionUser!.id,
        query: request.query,
        now: deps.now(),
        log: deps.eventLog,
      });
      setAsOfHeaders(reply, toAsOfStamp(position, point));
      return payments;
    },
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
