// An affiliate's sales as of a log position, folded in memory by the same rules as the
// affiliate-sales projection (sale-fold.ts): a report is kept once, the first decision
// moves a pending sale, a batch takes verified commissions not yet batched, and its
// payment fills what is still empty. Payout events of other affiliates' sales pass by.

import type { LoggedEvent } from '../shared/event-data.ts';
import type { StatementSaleView } from './affiliate-sales.ts';
import { parseSaleEvent, type ReportedSaleRow, type SaleDecision, type SalePayout } from './sale-fold.ts';

type SaleState = Omit<StatementSaleView, 'verified_at' | 'commission_rate_bps' | 'computed_commission'> & {
  verified_at: Date | null;
  commission_rate_bps: number | null;
  computed_commission: number | null;
};

const toState = (row: ReportedSaleRow): SaleState => ({
  id: row.id,
  client_name: row.client_name,
  acres: row.acres,
  amount: row.amount,
  status: row.status,
  verified_at: null,
  commission_rate_bps: null,
  computed_commission: null,
  payout_batch_id: null,
  payout_reference: null,
  transfer_reference: null,
  paid_at: null,
});

const decide = (sales: Map<string, SaleState>, decision: SaleDecision) => {
  const sale = sales.get(decision.id);
  if (sale?.status !== 'pending') return;
  sales.set(decision.id, {
    ...sale,
    status: decision.status,
    verified_at: decision.status === 'verified' ? new Date(decision.at) : null,
    commission_rate_bps: decision.rateBps,
    computed_commission: decision.commission,
  });
};

const pay = (sales: Map<string, SaleState>, payout: SalePayout) => {
  for (const [id, sale] of sales) {
    if (payout.kind === 'batched') {
      if (payout.saleIds.includes(id) && sale.payout_batch_id === null) {
        sales.set(id, { ...sale, payout_batch_id: payout.batchId, payout_reference: payout.reference });
      }
    } else if (sale.payout_batch_id === payout.batchId && sale.paid_at === null) {
      sales.set(id, { ...sale, transfer_reference: payout.transferReference, paid_at: new Date(payout.paidAt) });
    }
  }
};

/** The verified sales the events make, as the statement reads them, in log order of their events. */
export const foldVerifiedSales = (events: readonly LoggedEvent[]): StatementSaleView[] => {
  const sales = new Map<string, SaleState>();
  for (const event of events) {
    const parsed = parseSaleEvent(event);
    if (parsed.kind === 'reported') {
      if (!sales.has(parsed.row.id)) sales.set(parsed.row.id, toState(parsed.row));
    } else if (parsed.kind === 'decided') decide(sales, parsed.decision);
    else pay(sales, parsed.payout);
  }
  return [...sales.values()].flatMap((sale) =>
    sale.status === 'verified' && sale.verified_at && sale.commission_rate_bps !== null && sale.computed_commission !== null
      ? [
          {
            ...sale,
            verified_at: sale.verified_at,
            commission_rate_bps: sale.commission_rate_bps,
            computed_commission: sale.computed_commission,
          },
        ]
      : [],
  );
};
