import {
  parseEvent,
  type PaymentStatusUpdate,
  type PaymentStatusUpdated,
  PaymentStatusUpdatedSchema,
  PaymentStatusUpdateSchema,
} from '@acres/contracts';
import { type AllocationCommand, foldEvents, paymentDecider, type PaymentEvent } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import { DomainError } from '@acres/contracts/errors';
import type { CommandContext } from '../commands/handle-command.ts';
import type { AllocationWriter } from '../allocation/allocation-writer.ts';
import { readBusinessTerms } from '../settings/escrow.ts';
import { paymentStreamId } from './streams.ts';
import type { FastifyInstance } from 'fastify';
import { idParamsSchema, routeAdminCommand } from '../commands/admin-command-route.ts';
import type { CommandDeps } from '../commands/deps.ts';

export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';

const loadPayment = async (eventStore: EventStore, paymentId: string) => {
  const recorded = await eventStore.readStream(paymentStreamId(paymentId));
  const state = foldEvents(
    paymentDecider,
    recorded.map((e) => parseEvent(e.type, e.data) as PaymentEvent),
  );
  if (state.status !== 'submitted') throw new DomainError('not_found', PAYMENT_NOT_FOUND_MESSAGE);
  return state;
};

/**
 * The admin's decision. The payment's own stream says whose it is and how many acres
 * (never the request: the admin cannot approve different acres than were paid for);
 * the allocation stream decides whether it may be approved.
 */
const updatePaymentStatus = async (options: {
  eventStore: EventStore;
  allocation: AllocationWriter;
  paymentId: string;
  update: PaymentStatusUpdate;
  adminUsername: string;
  context: CommandContext;
}): Promise<PaymentStatusUpdated> => {
  const [payment, terms] = await Promise.all([
    loadPayment(options.eventStore, options.paymentId),
    readBusinessTerms(options.eventStore),
  ]);
  const decision = {
    paymentId: payment.paymentId,
    userId: payment.userId,
    acres: payment.acres,
    amount: payment.amount,
    adminNotes: options.update.adminNotes,
    decidedBy: options.adminUsername,
    now: options.context.now,
    terms,
  };
  const command: AllocationCommand =
    options.update.status === 'approved' ? { type: 'ApprovePayment', ...decision } : { type: 'RejectPayment', ...decision };
  const { position } = await options.allocation.decide(command, options.context);
  return { id: payment.paymentId, status: options.update.status, position: position.toString() };
};

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
