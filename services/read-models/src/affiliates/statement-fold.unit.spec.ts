import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../shared/event-data.ts';
import { foldVerifiedSales } from './statement-fold.ts';

const USER = '11111111-0000-4000-8000-000000000001';
const AFFILIATE = '33333333-0000-4000-8000-000000000001';
const sale = (n: number) => `22222222-0000-4000-8000-${String(n).padStart(12, '0')}`;
const BATCH = '44444444-0000-4000-8000-000000000001';
let position = 0n;
const event = (type: string, data: unknown, streamId = `affiliate-${USER}`): LoggedEvent => ({
  type,
  data,
  streamId,
  globalPosition: (position += 1n),
});

const reported = (n: number) =>
  event('SaleReported', {
    saleId: sale(n),
    affiliateId: AFFILIATE,
    clientName: `Client ${n}`,
    clientPhone: '08091234567',
    acres: 1,
    amountPaid: 3_500_000,
    paymentPlan: 'outright',
    transactionDate: '2026-06-01',
    reportedAt: '2026-06-01T10:00:00.000Z',
  });
const verified = (n: number) =>
  event('SaleVerified', {
    saleId: sale(n),
    commissionRateBps: 500,
    computedCommission: 175_000,
    notes: '',
    verifiedBy: 'admin',
    verifiedAt: `2026-06-0${n}T10:00:00.000Z`,
  });
const rejected = (n: number) =>
  event('SaleRejected', { saleId: sale(n), notes: 'no receipt', rejectedBy: 'admin', rejectedAt: '2026-06-05T10:00:00.000Z' });
const batched = (n: number) =>
  event(
    'PayoutBatchCreated',
    {
      batchId: BATCH,
      upTo: '2026-06-30',
      reference: 'ACRES-PO-20260630-444444',
      items: [{ saleId: sale(n), affiliateId: AFFILIATE, affiliateUserId: USER, amount: 175_000 }],
      total: 175_000,
      createdBy: 'ops',
      createdAt: '2026-06-30T10:00:00.000Z',
    },
    'payouts',
  );
const paid = event(
  'PayoutBatchPaid',
  { batchId: BATCH, transferReference: 'GTB-0042', paidBy: 'ops', paidAt: '2026-07-01T10:00:00.000Z' },
  'payouts',
);

describe("folding an affiliate's verified sales as of a position", () => {
  const events = [reported(1), reported(2), reported(3), verified(1), rejected(2), verified(2), batched(1), paid];

  it('keeps verified sales only, each decided once, with the payout as far as the log went', () => {
    const sales = foldVerifiedSales(events);
    expect(sales.map((each) => [each.id, each.payout_reference, each.transfer_reference])).toEqual([
      [sale(1), 'ACRES-PO-20260630-444444', 'GTB-0042'],
    ]);
    expect(sales[0]).toMatchObject({ verified_at: new Date('2026-06-01T10:00:00.000Z'), computed_commission: 175_000 });
  });

  it('shows the commission batched but unpaid before the payment, and unbatched before the batch', () => {
    expect(foldVerifiedSales(events.slice(0, 7))[0]).toMatchObject({ payout_batch_id: BATCH, paid_at: null });
    expect(foldVerifiedSales(events.slice(0, 6))[0]).toMatchObject({ payout_batch_id: null, paid_at: null });
  });

  it('has nothing before the first verification', () => {
    expect(foldVerifiedSales(events.slice(0, 3))).toEqual([]);
  });
});
