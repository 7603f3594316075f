// The affiliate dashboard's monthly series (issue 11): referred leads counted where they
// live (leads, by the affiliate's code) and verified commission (affiliate_sales, by
// verification month, as the monthly statements count it), grouped by Lagos month.

import { CHART_TIME_ZONE, type AffiliateCharts } from '@acres/contracts/charts';
import type { Queryable } from '@acres/platform';
import { AFFILIATE_SALES } from './affiliate-sales.ts';
import { AFFILIATES } from './affiliates.ts';
import { LEADS } from '../leads/leads.ts';

type MonthRow = { month: string; referred_leads: number; commission: string };

// $1 user id, $2 now, $3 number of months, $4 time zone. FIRST is the instant the oldest
// month starts: the leads count is a scan of the referral-code index, the commission a
// range of the (affiliate_user_id, verified_at) index.
const LOCAL_MONTH = `date_trunc('month', $2::timestamptz AT TIME ZONE $4)`;
const FIRST = `((${LOCAL_MONTH} - ($3::int - 1) * interval '1 month') AT TIME ZONE $4)`;

const MONTHS_SQL = `
  WITH months AS (
    SELECT generate_series(${LOCAL_MONTH} - ($3::int - 1) * interval '1 month', ${LOCAL_MONTH}, interval '1 month') AS month
  ),
  l AS (
    SELECT date_trunc('month', l.created_at AT TIME ZONE $4) AS month, count(*)::int AS n
      FROM ${AFFILIATES.table} a JOIN ${LEADS.table} l ON l.referral_code = a.referral_code
     WHERE a.user_id = $1 AND l.created_at >= ${FIRST}
     GROUP BY 1
  ),
  c AS (
    SELECT date_trunc('month', verified_at AT TIME ZONE $4) AS month, sum(computed_commission) AS total
      FROM ${AFFILIATE_SALES.table}
     WHERE affiliate_user_id = $1 AND status = 'verified' AND verified_at >= ${FIRST}
     GROUP BY 1
  )
  SELECT to_char(m.month, 'YYYY-MM') AS month, COALESCE(l.n, 0) AS referred_leads, COALESCE(c.total, 0)::text AS commission
    FROM months m
    LEFT JOIN l USING (month)
    LEFT JOIN c USING (month)
   ORDER BY m.month`;

/** The last `months` Lagos months up to the one holding `now`, oldest first, empty months as zeros. */
export const readOwnCharts = async (
  db: Queryable,
  options: { userId: string; now: Date; months: number },
): Promise<AffiliateCharts> => {
  const { rows } = await db.query<MonthRow>(MONTHS_SQL, [options.userId, options.now, options.months, CHART_TIME_ZONE]);
  return {
    timeZone: CHART_TIME_ZONE,
    months: rows.map((row) => ({ month: row.month, referredLeads: row.referred_leads, commission: Number(row.commission) })),
  };
};
