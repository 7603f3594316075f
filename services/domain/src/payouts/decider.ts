// Affiliate payouts (issue 12). Every batch lives on the one `payouts` stream, so the
// stream's revision orders them: a second batch decided concurrently is decided again
// on the first one's events and cannot take the same commission twice.

import type { DomainEventOf, PayoutItem } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, type Decider } from '../decider.ts';
import {
  NO_COMMISSIONS_TO_PAY_MESSAGE,
  PAYOUT_BATCH_ALREADY_CREATED_MESSAGE,
  PAYOUT_BATCH_ALREADY_PAID_MESSAGE,
  PAYOUT_BATCH_NOT_FOUND_MESSAGE,
} from './messages.ts';

/** A verified commission the caller found, with the Lagos calendar day it was verified on. */
export type PayoutCandidate = PayoutItem & { verifiedOn: string };

export type CreatePayoutBatch = {
  type: 'CreatePayoutBatch';
  batchId: string;
  /** 'YYYY-MM-DD' */
  upTo: string;
  candidates: readonly PayoutCandidate[];
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
  const taken = new Set(state.batchedSales);
  const items: PayoutItem[] = [];
  for (const candidate of command.candidates) {
    if (taken.has(candidate.saleId) || candidate.verifiedOn > command.upTo) continue;
    taken.add(candidate.saleId);
    items.push({
      saleId: candidate.saleId,
      affiliateId: candidate.affiliateId,
      affiliateUserId: candidate.affiliateUserId,
      amount: candidate.amount,
    });
  }
  if (items.length === 0) throw new DomainError('unprocessable', NO_COMMISSIONS_TO_PAY_MESSAGE);
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

export const decidePayouts = (command: PayoutCommand, state: PayoutState): PayoutEvent[] => {
  switch (command.type) {
    case 'CreatePayoutBatch':
      return createPayoutBatch(command, state);
    case 'MarkPayoutBatchPaid':
      return markPayoutBatchPaid(command, state);
    default:
      return assertNever(command, 'payout command');
  }
};

export const payoutDecider: Decider<PayoutCommand, PayoutEvent, PayoutState> = {
  initialState: initialPayoutState,
  evolve: evolvePayouts,
  decide: decidePayouts,
};
