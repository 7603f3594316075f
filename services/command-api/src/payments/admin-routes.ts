import type { FastifyInstance } from 'fastify';
import { PaymentStatusUpdatedSchema, PaymentStatusUpdateSchema } from '@acres/contracts';
import { idParamsSchema, routeAdminCommand } from '../commands/admin-command-route.ts';
import type { CommandDeps } from '../commands/deps.ts';
import type { AllocationWriter } from '../allocation/allocation-writer.ts';
import { updatePaymentStatus } from './update-payment-status.ts';

export const PAYMENT_ID_MESSAGE = 'Payment id must be a uuid';

/** PUT /api/admin/payments/:id/status, in a context behind the admin guard. */
export const registerAdminPaymentRoutes = (app: FastifyInstance, deps: CommandDeps & { allocation: AllocationWriter }) => {
  routeAdminCommand(app, {
    method: 'PUT',
    path: '/api/admin/payments/:id/status',
    params: idParamsSchema(PAYMENT_ID_MESSAGE),
    body: PaymentStatusUpdateSchema,
    answer: PaymentStatusUpdatedSchema,
    commandName: 'UpdatePaymentStatus',
    now: deps.now,
    run: ({ params, body, adminUsername, context }) =>
      updatePaymentStatus({
        eventStore: deps.eventStore,
        allocation: deps.allocation,
        paymentId: params.id,
        update: body,
        adminUsername,
        context,
      }),
  });
};
