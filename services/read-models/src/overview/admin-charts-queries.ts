// The admin overview's weekly series (issue 11): SQL aggregates over the leads,
// subscriptions, payments and allocation read models, grouped by Lagos week.

import { CHART_TIME_ZONE, type AdminCharts } from '@acres/contracts/charts';
import type { Queryable } from '@acres/platform';
import { ALLOCATION } from '../allocation/allocation.ts';
import { SUBSCRIPTIONS } from '../applications/subscriptions.ts';
import { LEADS } from '../leads/leads.ts';
import { PAYMENTS } from '../payments/payments.ts';
import { readBusinessTerms } from '../settings/business-settings-queries.ts';

type WeekRow = {
  week_start: string;
  leads: number;
  applications: number;
  payments_submitted: number;
  payments_approved: number;
  acres_approved: number;
  partners: number;
};

// $1 now, $2 number of weeks. Weeks are Lagos Mondays (date_trunc's ISO week) as local
// timestamps. Each count filters and groups on the very expression of its table's week
// index (infra/migrations/…_chart-indexes.sql, the time zone written out so it matches):
// an index-only range scan over the weeks shown, never a scan of every row.
const TZ = `'${CHART_TIME_ZONE}'`;
const LOCAL_WEEK = `date_trunc('week', $1::timestamptz AT TIME ZONE ${TZ})`;
const FIRST_WEEK = `(${LOCAL_WEEK} - ($2::int - 1) * interval '1 week')`;
const weekOf = (column: string) => `date_trunc('week', ${column} AT TIME ZONE ${TZ})`;
const perWeek = (table: string, column: string) =>
  `SELECT ${weekOf(column)} AS week, count(*)::int AS n FROM ${table} WHERE ${weekOf(column)} >= ${FIRST_WEEK} GROUP BY 1`;
const endOf = `((w.week + interval '1 week') AT TIME ZONE ${TZ})`;

/** Exported for the int spec's plan check. */
export const ADMIN_CHARTS_SQL = `
  WITH weeks AS (
    SELECT generate_series(${FIRST_WEEK}, ${LOCAL_WEEK}, interval '1 week') AS week
  ),
  l AS (${perWeek(LEADS.table, 'created_at')}),
  a AS (${perWeek(SUBSCRIPTIONS.table, 'created_at')}),
  s AS (${perWeek(PAYMENTS.table, 'submitted_at')}),
  -- Approvals are few (every one takes acres of the 200): the status index finds them.
  p AS (
    SELECT ${weekOf('processed_at')} AS week, count(*)::int AS n FROM ${PAYMENTS.table}
     WHERE status = 'approved' AND processed_at >= (${FIRST_WEEK} AT TIME ZONE ${TZ}) GROUP BY 1
  )
  SELECT to_char(w.week, 'YYYY-MM-DD') AS week_start,
         COALESCE(l.n, 0) AS leads,
         COALESCE(a.n, 0) AS applications,
         COALESCE(s.n, 0) AS payments_submitted,
         COALESCE(p.n, 0) AS payments_approved,
         -- Running totals over those few approvals and the partners (10 slots).
         (SELECT COALESCE(sum(acres), 0)::int FROM ${PAYMENTS.table}
           WHERE status = 'approved' AND processed_at < ${endOf}) AS acres_approved,
         (SELECT count(*)::int FROM ${ALLOCATION.partnersTable} WHERE first_approved_at < ${endOf}) AS partners
    FROM weeks w
    LEFT JOIN l USING (week)
    LEFT JOIN a USING (week)
    LEFT JOIN s USING (week)
    LEFT JOIN p USING (week)
   ORDER BY w.week`;

/** The last `weeks` Lagos weeks up to the one holding `now`, oldest first, empty weeks as zeros. */
export const readAdminCharts = async (db: Queryable, options: { now: Date; weeks: number }): Promise<AdminCharts> => {
  const [{ rows }, terms] = await Promise.all([
    db.query<WeekRow>(ADMIN_CHARTS_SQL, [options.now, options.weeks]),
    readBusinessTerms(db),
  ]);
  return {
    timeZone: CHART_TIME_ZONE,
    projectAcres: terms.projectAcres,
    partnerSlots: terms.partnerCap,
    weeks: rows.map((row) => ({
      weekStart: row.week_start,
      leads: row.leads,
      applications: row.applications,
      paymentsSubmitted: row.payments_submitted,
      paymentsApproved: row.payments_approved,
      acresApproved: row.acres_approved,
      partners: row.partners,
    })),
  };
};
