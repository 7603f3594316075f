import type { CreatePayoutBatch, MarkPayoutBatchPaid, PayoutBatchAccepted } from '@acres/contracts';
import { payoutDecider, type PayoutEvent } from '@acres/domain';
import type { AdminCommandOptions } from '../commands/deps.ts';
import { handleCommand } from '../commands/handle-command.ts';
import type { FindSaleOwner } from '../affiliates/sale-owner.ts';
import { loadCommissions } from './load-commissions.ts';
import { PAYOUTS_STREAM_ID } from './streams.ts';

const toAnswer = (events: PayoutEvent[], position: bigint, fallback: { commissions: number; total: number }) => {
  const [event] = events;
  if (event?.type === 'PayoutBatchCreated') {
    const { batchId, total, items } = event.data;
    return { id: batchId, total, commissions: items.length, position: position.toString() };
  }
  if (!event) throw new Error('a payout command answered with no event');
  return { id: event.data.batchId, ...fallback, position: position.toString() };
};

/**
 * CreatePayoutBatch on the payouts stream. The commissions are read from their sales'
 * streams first; a concurrent batch that took one of them makes the append conflict and
 * this one is decided again on that batch's events, which refuses it (409).
 */
export const createPayoutBatch = async (
  options: AdminCommandOptions<{ findSaleOwner: FindSaleOwner; input: CreatePayoutBatch }>,
): Promise<PayoutBatchAccepted> => {
  const { deps, input, context } = options;
  const commissions = await loadCommissions({
    eventStore: deps.eventStore,
    findSaleOwner: options.findSaleOwner,
    saleIds: input.saleIds,
  });
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: payoutDecider,
    streamId: PAYOUTS_STREAM_ID,
    command: {
      type: 'CreatePayoutBatch',
      batchId: deps.newId(),
      upTo: input.upTo,
      commissions,
      createdBy: options.adminUsername,
      now: context.now,
    },
    context,
    newEventId: deps.newId,
    toResult: (events, position) => toAnswer(events, position, { commissions: 0, total: 0 }),
  });
  return result;
};

/** MarkPayoutBatchPaid: once (409 after), with the bank's transfer reference. */
export const markPayoutBatchPaid = async (
  options: AdminCommandOptions<{ batchId: string; input: MarkPayoutBatchPaid }>,
): Promise<PayoutBatchAccepted> => {
  const { deps, context } = options;
  const recorded = await deps.eventStore.readStream(PAYOUTS_STREAM_ID);
  const batch = recorded.find(
    (event) => event.type === 'PayoutBatchCreated' && (event.data as { batchId: string }).batchId === options.batchId,
  );
  const figures = batch
    ? { commissions: (batch.data as { items: unknown[] }).items.length, total: (batch.data as { total: number }).total }
    : { commissions: 0, total: 0 };
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: payoutDecider,
    streamId: PAYOUTS_STREAM_ID,
    command: {
      type: 'MarkPayoutBatchPaid',
      batchId: options.batchId,
      transferReference: options.input.transferReference,
      paidBy: options.adminUsername,
      now: context.now,
    },
    context,
    newEventId: deps.newId,
    toResult: (events, position) => toAnswer(events, position, figures),
  });
  return result;
};
