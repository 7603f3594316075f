import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../shared/event-data.ts';
import { foldAllocation } from './allocation.ts';

const user = (n: number) => `11111111-0000-4000-8000-${String(n).padStart(12, '0')}`;
const payment = (n: number) => `22222222-0000-4000-8000-${String(n).padStart(12, '0')}`;
let position = 0n;

const decided = (type: 'PaymentApproved' | 'PaymentRejected', n: number, userN: number, acres: number): LoggedEvent => ({
  type,
  streamId: 'allocation-corridor-200',
  globalPosition: (position += 1n),
  data: {
    paymentId: payment(n),
    userId: user(userN),
    acres,
    amount: acres * 3_500_000,
    adminNotes: '',
    decidedBy: 'admin',
    decidedAt: '2026-06-01T12:00:00.000Z',
  },
});

describe('folding the allocation as of a position', () => {
  it('is the whole project free before any approval', () => {
    expect(foldAllocation([])).toEqual({ acresApproved: 0, acresRemaining: 200, partners: 0, partnerSlots: 10 });
  });

  it('sums approved acres, counts each investor once, and ignores rejections', () => {
    const events = [
      decided('PaymentApproved', 1, 1, 50),
      decided('PaymentRejected', 2, 2, 70),
      decided('PaymentApproved', 3, 1, 25),
      decided('PaymentApproved', 4, 3, 5),
    ];
    expect(foldAllocation(events)).toEqual({ acresApproved: 80, acresRemaining: 120, partners: 2, partnerSlots: 10 });
    // A prefix of the log is the allocation as it stood then.
    expect(foldAllocation(events.slice(0, 2))).toMatchObject({ acresApproved: 50, partners: 1 });
  });

  it('refuses an approval whose data the catalogue does not accept, as the projector does', () => {
    const broken = { ...decided('PaymentApproved', 5, 1, 1), data: { paymentId: payment(5) } };
    expect(() => foldAllocation([broken])).toThrow();
  });
});
