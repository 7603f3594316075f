import { describe, expect, it } from 'vitest';
import { parseEvent } from '@acres/contracts';
import { foldEvents } from '../decider.ts';
import { givenFor } from '../../test/given.ts';
import {
  allocationDecider,
  foldAllocation,
  initialAllocationState,
  summariseAllocation,
  type AllocationCommand,
  type AllocationEvent,
  type PaymentDecision,
} from './decider.ts';
import { PARTNER_SLOTS_TAKEN_MESSAGE } from './messages.ts';

const given = givenFor(allocationDecider);
const now = new Date('2026-06-01T12:00:00.000Z');

const paymentId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const userId = (n: number) => `11111111-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Payment = { payment: number; user: number; acres: number };

const decision = (p: Payment, overrides: Partial<PaymentDecision> = {}): PaymentDecision => ({
  paymentId: paymentId(p.payment),
  userId: userId(p.user),
  acres: p.acres,
  amount: p.acres * 3_500_000,
  adminNotes: 'Receipt matches the escrow statement',
  decidedBy: 'admin',
  now,
  ...overrides,
});

const approve = (p: Payment): AllocationCommand => ({ type: 'ApprovePayment', ...decision(p) });
const reject = (p: Payment): AllocationCommand => ({ type: 'RejectPayment', ...decision(p) });

const eventData = (p: Payment) => {
  const { now: at, ...rest } = decision(p);
  return { ...rest, decidedAt: at.toISOString() };
};
const approved = (p: Payment): AllocationEvent => ({ type: 'PaymentApproved', data: eventData(p) });
const rejected = (p: Payment): AllocationEvent => ({ type: 'PaymentRejected', data: eventData(p) });

/** n approvals, one per investor, of the given acres each. */
const approvalsByDistinctInvestors = (n: number, acres: number) =>
  Array.from({ length: n }, (_, i) => approved({ payment: 100 + i, user: 100 + i, acres }));

describe('an allocation with nothing decided', () => {
  it('approves a payment', () => {
    given([])
      .when(approve({ payment: 1, user: 1, acres: 30 }))
      .then([approved({ payment: 1, user: 1, acres: 30 })]);
  });

  it('rejects a payment', () => {
    given([])
      .when(reject({ payment: 1, user: 1, acres: 30 }))
      .then([rejected({ payment: 1, user: 1, acres: 30 })]);
  });

  it('approves all 200 acres in one payment', () => {
    given([])
      .when(approve({ payment: 1, user: 1, acres: 200 }))
      .then([approved({ payment: 1, user: 1, acres: 200 })]);
  });

  it('produces events the catalogue accepts', () => {
    for (const command of [approve({ payment: 1, user: 1, acres: 3 }), reject({ payment: 1, user: 1, acres: 3 })]) {
      const [event] = allocationDecider.decide(command, initialAllocationState);
      expect(() => parseEvent(event!.type, event!.data)).not.toThrow();
    }
  });
});

describe('a payment that was already decided', () => {
  const p = { payment: 1, user: 1, acres: 10 };

  it.each([
    ['approved', 'approved', approve],
    ['approved', 'rejected', reject],
  ] as const)('refuses a payment that was %s when it is %s again', (_was, _now, command) => {
    given([approved(p)])
      .when(command(p))
      .thenThrows({ code: 'already_decided', message: 'This payment has already been approved' });
  });

  it.each([
    ['rejected', 'approved', approve],
    ['rejected', 'rejected', reject],
  ] as const)('refuses a payment that was %s when it is %s again', (_was, _now, command) => {
    given([rejected(p)])
      .when(command(p))
      .thenThrows({ code: 'already_decided', message: 'This payment has already been rejected' });
  });

  it('still decides other payments of the same investor', () => {
    given([rejected(p)])
      .when(approve({ payment: 2, user: 1, acres: 10 }))
      .then([approved({ payment: 2, user: 1, acres: 10 })]);
  });
});

describe('an allocation near the 200-acre limit', () => {
  const history = [approved({ payment: 1, user: 1, acres: 100 }), approved({ payment: 2, user: 2, acres: 80 })];

  it('approves exactly up to 200 acres', () => {
    given(history)
      .when(approve({ payment: 3, user: 3, acres: 20 }))
      .then([approved({ payment: 3, user: 3, acres: 20 })]);
  });

  it('refuses the approval that would make 201 acres, saying how much is left', () => {
    given(history)
      .when(approve({ payment: 3, user: 3, acres: 21 }))
      .thenThrows({
        code: 'allocation_exceeded',
        message: 'Approving 21 acres would exceed the 200-acre project: 180 acres are already approved, 20 remain',
      });
  });

  it('refuses the example of the brief word for word', () => {
    given(history)
      .when(approve({ payment: 3, user: 1, acres: 30 }))
      .thenThrows({ message: 'Approving 30 acres would exceed the 200-acre project: 180 acres are already approved, 20 remain' });
  });

  it('refuses even 1 acre once all 200 are approved', () => {
    given([...history, approved({ payment: 3, user: 3, acres: 20 })])
      .when(approve({ payment: 4, user: 1, acres: 1 }))
      .thenThrows({
        code: 'allocation_exceeded',
        message: 'Approving 1 acre would exceed the 200-acre project: 200 acres are already approved, none remain',
      });
  });

  it('does not count rejected acres', () => {
    given([...history, rejected({ payment: 3, user: 3, acres: 200 })])
      .when(approve({ payment: 4, user: 3, acres: 20 }))
      .then([approved({ payment: 4, user: 3, acres: 20 })]);
  });

  it('still rejects, which uses no acres', () => {
    given([...history, approved({ payment: 3, user: 3, acres: 20 })])
      .when(reject({ payment: 4, user: 4, acres: 200 }))
      .then([rejected({ payment: 4, user: 4, acres: 200 })]);
  });

  it('reports an already decided payment before the limit', () => {
    given([approved({ payment: 1, user: 1, acres: 200 })])
      .when(approve({ payment: 1, user: 1, acres: 200 }))
      .thenThrows({ code: 'already_decided' });
  });
});

describe('an allocation near the 10-partner limit', () => {
  const ninePartners = approvalsByDistinctInvestors(9, 5);
  const tenPartners = approvalsByDistinctInvestors(10, 5);

  it('approves the 10th partner', () => {
    given(ninePartners)
      .when(approve({ payment: 1, user: 1, acres: 5 }))
      .then([approved({ payment: 1, user: 1, acres: 5 })]);
  });

  it('refuses the 11th partner', () => {
    given(tenPartners)
      .when(approve({ payment: 1, user: 1, acres: 5 }))
      .thenThrows({ code: 'allocation_exceeded', message: PARTNER_SLOTS_TAKEN_MESSAGE });
    expect(PARTNER_SLOTS_TAKEN_MESSAGE).toBe('All 10 partner slots are taken');
  });

  it("approves an existing partner's second payment with all 10 slots taken", () => {
    given(tenPartners)
      .when(approve({ payment: 1, user: 100, acres: 5 }))
      .then([approved({ payment: 1, user: 100, acres: 5 })]);
  });

  it('does not count an investor whose payments were only rejected as a partner', () => {
    given([...ninePartners, rejected({ payment: 1, user: 1, acres: 5 })])
      .when(approve({ payment: 2, user: 2, acres: 5 }))
      .then([approved({ payment: 2, user: 2, acres: 5 })]);
  });

  it('rejects the 11th investor, which takes no slot', () => {
    given(tenPartners)
      .when(reject({ payment: 1, user: 1, acres: 5 }))
      .then([rejected({ payment: 1, user: 1, acres: 5 })]);
  });
});

describe('folding the allocation stream', () => {
  const events = [
    approved({ payment: 1, user: 1, acres: 50 }),
    rejected({ payment: 2, user: 2, acres: 70 }),
    approved({ payment: 3, user: 1, acres: 25 }),
    approved({ payment: 4, user: 3, acres: 5 }),
  ];

  it('sums approved acres and counts distinct partners', () => {
    expect(summariseAllocation(foldEvents(allocationDecider, events))).toEqual({
      acresApproved: 80,
      acresRemaining: 120,
      partners: 2,
      partnerSlots: 10,
    });
  });

  it('gives the same state in one batch, in pieces, or one event at a time, without touching its input', () => {
    const oneByOne = foldEvents(allocationDecider, events);
    const batch = foldAllocation(initialAllocationState, events);
    const first = foldAllocation(initialAllocationState, events.slice(0, 2));
    const pieces = foldAllocation(first, events.slice(2));
    expect(batch).toEqual(oneByOne);
    expect(pieces).toEqual(oneByOne);
    expect(first.decided.size).toBe(2);
    expect(initialAllocationState.decided.size).toBe(0);
    expect([...batch.decided]).toEqual([
      [paymentId(1), 'approved'],
      [paymentId(2), 'rejected'],
      [paymentId(3), 'approved'],
      [paymentId(4), 'approved'],
    ]);
  });
});
