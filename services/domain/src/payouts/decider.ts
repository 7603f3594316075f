// Affiliate payouts (issue 12). Every batch lives on the one `payouts` stream, so the
// stream's revision orders them: a second batch decided concurrently is decided again
// on the first one's events and is refused if it names a commission the first took.
// The commissions themselves are read by the caller from each sale's affiliate stream.

import type { DomainEventOf, PayoutItem } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { throwIfInvalid } from '../validation.ts';
import {
  commissionsAlreadyBatchedMessage,
  commissionsNotVerifiedMessage,
  commissionsAfterDateMessage,
  NO_COMMISSIONS_TO_PAY_MESSAGE,
  PAYOUT_BATCH_ALREADY_CREATED_MESSAGE,
  PAYOUT_BATCH_ALREADY_PAID_MESSAGE,
  PAYOUT_BATCH_NOT_FOUND_MESSAGE,
} from './messages.ts';

/**
 * A commission the admin chose, as its affiliate stream tells it: verified or not, and
 * if so the Lagos calendar day it was verified on. Unknown sales are refused by the caller.
 */
export type PayoutCandidate = PayoutItem & { verified: boolean; verifiedOn: string | null };

export type CreatePayoutBatch = {
  type: 'CreatePayoutBatch';
  batchId: string;
  /** 'YYYY-MM-DD' */
  upTo: string;
  commissions: readonly PayoutCandidate[];
  createdBy: string;
  now: Date;
};

export type MarkPayoutBatchPaid = {
  type: 'MarkPayoutBatchPaid';
  batchId: string;
  transferReference: string;
  paidBy: string;
  now: Date;
};

export type PayoutCommand = CreatePayoutBatch | MarkPayoutBatchPaid;

export type PayoutBatchCreated = DomainEventOf<'PayoutBatchCreated'>;
export type PayoutBatchPaid = DomainEventOf<'PayoutBatchPaid'>;
export type PayoutEvent = PayoutBatchCreated | PayoutBatchPaid;

export type PayoutState = {
  batches: ReadonlyMap<string, { status: 'created' | 'paid' }>;
  /** Every commission (sale id) already in a batch. */
  batchedSales: ReadonlySet<string>;
};

export const initialPayoutState: PayoutState = { batches: new Map(), batchedSales: new Set() };

export const evolvePayouts = (state: PayoutState, event: PayoutEvent): PayoutState => {
  switch (event.type) {
    case 'PayoutBatchCreated': {
      const batchedSales = new Set(state.batchedSales);
      for (const item of event.data.items) batchedSales.add(item.saleId);
      return { batches: new Map(state.batches).set(event.data.batchId, { status: 'created' }), batchedSales };
    }
    case 'PayoutBatchPaid':
      if (!state.batches.has(event.data.batchId)) return state;
      return { ...state, batches: new Map(state.batches).set(event.data.batchId, { status: 'paid' }) };
    default:
      return assertNever(event, 'payout event');
  }
};

/** The bank narration of the batch's transfers: short, upper-case, unique per batch. */
export const payoutReferenceOf = (batchId: string, upTo: string) =>
  `ACRES-PO-${upTo.replaceAll('-', '')}-${batchId.replaceAll('-', '').slice(0, 6).toUpperCase()}`;

const createPayoutBatch = (command: CreatePayoutBatch, state: PayoutState): PayoutEvent[] => {
  if (state.batches.has(command.batchId)) throw new DomainError('conflict', PAYOUT_BATCH_ALREADY_CREATED_MESSAGE);
  const unique = [...new Map(command.commissions.map((each) => [each.saleId, each])).values()];
  if (unique.length === 0) throw new DomainError('unprocessable', NO_COMMISSIONS_TO_PAY_MESSAGE);
  const unverified = unique.filter((each) => !each.verified).map((each) => each.saleId);
  if (unverified.length > 0) throw new DomainError('unprocessable', commissionsNotVerifiedMessage(unverified));
  const late = unique.filter((each) => each.verifiedOn === null || each.verifiedOn > command.upTo).map((each) => each.saleId);
  throwIfInvalid(late.length > 0 ? [{ field: 'saleIds', message: commissionsAfterDateMessage(late) }] : []);
  const taken = unique.filter((each) => state.batchedSales.has(each.saleId)).map((each) => each.saleId);
  if (taken.length > 0) throw new DomainError('conflict', commissionsAlreadyBatchedMessage(taken));
  const items: PayoutItem[] = unique.map((each) => ({
    saleId: each.saleId,
    affiliateId: each.affiliateId,
    affiliateUserId: each.affiliateUserId,
    amount: each.amount,
  }));
  return [
    {
      type: 'PayoutBatchCreated',
      data: {
        batchId: command.batchId,
        upTo: command.upTo,
        reference: payoutReferenceOf(command.batchId, command.upTo),
        items,
        total: items.reduce((sum, item) => sum + item.amount, 0),
        createdBy: command.createdBy,
        createdAt: command.now.toISOString(),
      },
    },
  ];
};

const markPayoutBatchPaid = (command: MarkPayoutBatchPaid, state: PayoutState): PayoutEvent[] => {
  const batch = state.batches.get(command.batchId);
  if (!batch) throw new DomainError('not_found', PAYOUT_BATCH_NOT_FOUND_MESSAGE);
  if (batch.status === 'paid') throw new DomainError('already_decided', PAYOUT_BATCH_ALREADY_PAID_MESSAGE);
  return [
    {
      type: 'PayoutBatchPaid',
      data: {
        batchId: command.batchId,
        transferReference: command.transferReference,
        paidBy: command.paidBy,
        paidAt: command.now.toISOString(),
      },
    },
  ];
};

export const payoutDecider = createDecider<PayoutCommand, PayoutEvent, PayoutState>(initialPayoutState, evolvePayouts, {
  CreatePayoutBatch: createPayoutBatch,
  MarkPayoutBatchPaid: markPayoutBatchPaid,
});

export const decidePayouts = payoutDecider.decide;
