// The affiliate's monthly commission statement: their verified sales whose verification
// falls in one calendar month in Lagos. Rates and commissions were fixed on each sale at
// verification and a sale is decided once, so a month's statement never changes.

import { STATEMENT_TIME_ZONE, type AffiliateStatement } from '@acres/contracts/affiliate-reads';
import type { Queryable } from '@acres/platform';
import { AFFILIATE_SALES, toStatementSale, type StatementSaleView } from './affiliate-sales.ts';

/**
 * The month's bounds are Lagos midnights turned into instants by PostgreSQL's time zone
 * rules, so the range is an index scan on (affiliate_user_id, verified_at).
 */
const STATEMENT_SQL = `
  SELECT id, client_name, acres, amount, status, verified_at, commission_rate_bps, computed_commission,
         payout_batch_id, payout_reference, transfer_reference, paid_at
    FROM ${AFFILIATE_SALES.table}
   WHERE affiliate_user_id = $1
     AND status = 'verified'
     AND verified_at >= ($2::date::timestamp AT TIME ZONE $3)
     AND verified_at < (($2::date + interval '1 month') AT TIME ZONE $3)
   ORDER BY verified_at, id`;

/** The statement of the month's verified sales, already in statement order. */
export const toStatement = (month: string, rows: readonly StatementSaleView[]): AffiliateStatement => {
  const sales = rows.map(toStatementSale);
  // Whole naira and half acres add up exactly in doubles at these sizes.
  const totals = sales.reduce(
    (sum, sale) => ({
      sales: sum.sales + 1,
      acres: sum.acres + sale.acres,
      amount: sum.amount + sale.amount,
      commission: sum.commission + sale.computedCommission,
    }),
    { sales: 0, acres: 0, amount: 0, commission: 0 },
  );
  return { month, sales, totals };
};

/** month is 'YYYY-MM', already validated. */
export const readStatement = async (db: Queryable, options: { userId: string; month: string }): Promise<AffiliateStatement> => {
  const { rows } = await db.query<StatementSaleView>(STATEMENT_SQL, [options.userId, `${options.month}-01`, STATEMENT_TIME_ZONE]);
  return toStatement(options.month, rows);
};
