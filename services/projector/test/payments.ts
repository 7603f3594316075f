// Test helpers for the payment read models (projector and query API integration tests):
// real, schema-checked payment events appended to the streams the command API uses.

import { randomUUID } from 'node:crypto';
import { PROJECT_ID } from '@acres/contracts/constants';
import { createEvent, type EventData } from '@acres/contracts/events';
import { computeSubscriptionValue } from '@acres/contracts/money';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import type { EventStore } from '@acres/eventstore/port';
import { appendEvent } from './append.ts';

export const ALLOCATION_STREAM = `allocation-${PROJECT_ID}`;

let clock = Date.UTC(2025, 2, 1, 9, 0, 0);
/** Strictly increasing timestamps, a minute apart, so "newest first" is deterministic. */
export const nextTime = () => new Date((clock += 60_000)).toISOString();

export type SubmittedInput = Partial<EventData<'PaymentProofSubmitted'>> & { userId: string };

/**
 * PaymentProofSubmitted on payment-{id}; returns the data and the event's global position.
 * The price check follows the acres and amount given, as the command API computes it; an
 * input naming `expectedAmount: undefined` writes a version 1 event without it.
 */
export const submitPayment = async (eventStore: EventStore, input: SubmittedInput) => {
  const base = {
    ...SAMPLE_EVENT_DATA.PaymentProofSubmitted,
    paymentId: randomUUID(),
    proofImagePath: `/objects/uploads/${randomUUID()}`,
    submittedAt: nextTime(),
    ...input,
  };
  const expectedAmount = 'expectedAmount' in input ? input.expectedAmount : computeSubscriptionValue(base.acres);
  const { data } = createEvent('PaymentProofSubmitted', {
    ...base,
    expectedAmount,
    amountDifference: expectedAmount === undefined ? undefined : base.amount - expectedAmount,
  });
  const actor = { kind: 'user' as const, id: data.userId };
  return appendEvent(eventStore, `payment-${data.paymentId}`, { type: 'PaymentProofSubmitted', data, actor }, 'no_stream');
};

export type DecisionInput = {
  payment: Pick<EventData<'PaymentProofSubmitted'>, 'paymentId' | 'userId' | 'acres' | 'amount'>;
  status: 'approved' | 'rejected';
  adminNotes?: string;
  decidedBy?: string;
  decidedAt?: string;
};

/** PaymentApproved or PaymentRejected on the allocation stream; returns the data and position. */
export const decidePayment = async (eventStore: EventStore, input: DecisionInput) => {
  const type = input.status === 'approved' ? 'PaymentApproved' : 'PaymentRejected';
  const { data } = createEvent(type, {
    paymentId: input.payment.paymentId,
    userId: input.payment.userId,
    acres: input.payment.acres,
    amount: input.payment.amount,
    adminNotes: input.adminNotes ?? '',
    decidedBy: input.decidedBy ?? 'admin',
    decidedAt: input.decidedAt ?? nextTime(),
  });
  return appendEvent(eventStore, ALLOCATION_STREAM, { type, data, actor: { kind: 'admin', id: data.decidedBy } });
};
