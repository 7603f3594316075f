import { describe, expect, it } from 'vitest';
import { parseEvent } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import {
  payoutDecider,
  payoutReferenceOf,
  type CreatePayoutBatch,
  type MarkPayoutBatchPaid,
  type PayoutBatchCreated,
  type PayoutCandidate,
} from './decider.ts';
import {
  commissionsAfterDateMessage,
  commissionsAlreadyBatchedMessage,
  commissionsNotVerifiedMessage,
  NO_COMMISSIONS_TO_PAY_MESSAGE,
  PAYOUT_BATCH_ALREADY_PAID_MESSAGE,
  PAYOUT_BATCH_NOT_FOUND_MESSAGE,
} from './messages.ts';

const given = givenFor(payoutDecider);
const NOW = new Date('2026-07-01T09:00:00.000Z');
const BATCH_1 = '7c7f6a8e-5c1d-4e8a-9f3b-000000000001';
const BATCH_2 = '7c7f6a8e-5c1d-4e8a-9f3b-000000000002';
const AFFILIATE = '5a5f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f06';
const USER = '3e3f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f04';
const sale = (n: number) => `6b6f6a8e-5c1d-4e8a-9f3b-${n.toString(16).padStart(12, '0')}`;

const candidate = (n: number, amount: number, verifiedOn: string | null = '2026-06-10'): PayoutCandidate => ({
  saleId: sale(n),
  affiliateId: AFFILIATE,
  affiliateUserId: USER,
  amount,
  verified: verifiedOn !== null,
  verifiedOn,
});

const create = (batchId: string, commissions: PayoutCandidate[], upTo = '2026-06-30'): CreatePayoutBatch => ({
  type: 'CreatePayoutBatch',
  batchId,
  upTo,
  commissions,
  createdBy: 'ops',
  now: NOW,
});

const created = (batchId: string, items: PayoutCandidate[], upTo = '2026-06-30'): PayoutBatchCreated => ({
  type: 'PayoutBatchCreated',
  data: {
    batchId,
    upTo,
    reference: payoutReferenceOf(batchId, upTo),
    items: items.map(({ saleId, affiliateId, affiliateUserId, amount }) => ({ saleId, affiliateId, affiliateUserId, amount })),
    total: items.reduce((sum, item) => sum + item.amount, 0),
    createdBy: 'ops',
    createdAt: NOW.toISOString(),
  },
});

const paid = (batchId: string): MarkPayoutBatchPaid => ({
  type: 'MarkPayoutBatchPaid',
  batchId,
  transferReference: 'GTB-TRF-0001',
  paidBy: 'ops',
  now: NOW,
});

describe('creating a payout batch', () => {
  it('takes the chosen verified commissions up to the date; the total is their sum', () => {
    const first = candidate(1, 50_000);
    const second = candidate(2, 75_000, '2026-06-30');
    given([])
      .when(create(BATCH_1, [first, second]))
      .then([created(BATCH_1, [first, second])]);
    expect(created(BATCH_1, [first, second]).data.total).toBe(125_000);
    expect(parseEvent('PayoutBatchCreated', created(BATCH_1, [first]).data).data.reference).toBe('ACRES-PO-20260630-7C7F6A');
  });

  it('never puts a commission in two batches: a second batch naming it is refused with 409', () => {
    given([created(BATCH_1, [candidate(1, 50_000)])])
      .when(create(BATCH_2, [candidate(1, 50_000), candidate(2, 20_000)]))
      .thenThrows({ code: 'conflict', message: commissionsAlreadyBatchedMessage([sale(1)]) });
    given([created(BATCH_1, [candidate(1, 50_000)])])
      .when(create(BATCH_2, [candidate(2, 20_000)]))
      .then([created(BATCH_2, [candidate(2, 20_000)])]);
  });

  it('refuses a commission that is not verified: 422', () => {
    given([])
      .when(create(BATCH_1, [candidate(1, 50_000), candidate(2, 0, null)]))
      .thenThrows({ code: 'unprocessable', message: commissionsNotVerifiedMessage([sale(2)]) });
  });

  it('refuses a commission verified after the date, naming saleIds', () => {
    given([])
      .when(create(BATCH_1, [candidate(1, 50_000, '2026-07-01')]))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'saleIds', message: commissionsAfterDateMessage([sale(1)]) }] });
  });

  it('refuses an empty batch: 422', () => {
    given([]).when(create(BATCH_1, [])).thenThrows({ code: 'unprocessable', message: NO_COMMISSIONS_TO_PAY_MESSAGE });
  });

  it('counts a commission listed twice once', () => {
    given([])
      .when(create(BATCH_1, [candidate(1, 50_000), candidate(1, 50_000)]))
      .then([created(BATCH_1, [candidate(1, 50_000)])]);
  });
});

describe('marking a payout batch paid', () => {
  it('records the transfer reference, who and when', () => {
    given([created(BATCH_1, [candidate(1, 50_000)])])
      .when(paid(BATCH_1))
      .then([
        {
          type: 'PayoutBatchPaid',
          data: { batchId: BATCH_1, transferReference: 'GTB-TRF-0001', paidBy: 'ops', paidAt: NOW.toISOString() },
        },
      ]);
  });

  it('pays a batch once: 409 after', () => {
    const history = [
      created(BATCH_1, [candidate(1, 50_000)]),
      ...payoutDecider.decide(
        paid(BATCH_1),
        payoutDecider.evolve(payoutDecider.initialState, created(BATCH_1, [candidate(1, 50_000)])),
      ),
    ];
    given(history).when(paid(BATCH_1)).thenThrows({ code: 'already_decided', message: PAYOUT_BATCH_ALREADY_PAID_MESSAGE });
  });

  it('refuses an unknown batch: 404', () => {
    given([]).when(paid(BATCH_1)).thenThrows({ code: 'not_found', message: PAYOUT_BATCH_NOT_FOUND_MESSAGE });
  });
});
