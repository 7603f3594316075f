// The sales desk's figures for a period (issue 27 item 2), from the lead_pipeline read model:
// of the leads received from the first Lagos day to the last, how soon the team first
// contacted them (the median, and the share within the 24 hours the product promises), and
// how many went on to be contacted, to apply and to pay.

import { LAGOS_TIME_ZONE, LAGOS_TIME_ZONE_SQL, lagosDayIso } from '@acres/contracts/lagos-time';
import { LEAD_CONTACT_PROMISE_MS } from '@acres/contracts/lead-pipeline';
import { LEAD_METRICS_DEFAULT_DAYS, type LeadMetrics } from '@acres/contracts/lead-pipeline-reads';
import type { Queryable } from '@acres/platform';
import { LEAD_PIPELINE } from './lead-pipeline.ts';

const PROMISE = `make_interval(secs => ${LEAD_CONTACT_PROMISE_MS / 1000})`;

// A paid lead has applied (applied_at is set with paid_at), and one that applied was in touch
// with the team one way or another: each step counts the leads that reached it or went further.
const METRICS_SQL = `
  WITH period AS (
    SELECT created_at, first_contact_at, applied_at, paid_at FROM ${LEAD_PIPELINE.table}
     WHERE created_at >= ($1::date::timestamp AT TIME ZONE ${LAGOS_TIME_ZONE_SQL})
       AND created_at < (($2::date + 1)::timestamp AT TIME ZONE ${LAGOS_TIME_ZONE_SQL})
  )
  SELECT count(*)::int AS leads,
         count(*) FILTER (WHERE first_contact_at IS NOT NULL OR applied_at IS NOT NULL)::int AS contacted,
         count(applied_at)::int AS applied,
         count(paid_at)::int AS paid,
         count(first_contact_at)::int AS first_contacts,
         count(*) FILTER (WHERE first_contact_at IS NOT NULL OR created_at <= $3::timestamptz - ${PROMISE})::int AS due,
         count(*) FILTER (WHERE first_contact_at <= created_at + ${PROMISE})::int AS within,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_contact_at - created_at) / 60)
           FILTER (WHERE first_contact_at IS NOT NULL) AS median_minutes
    FROM period`;

type MetricsRow = {
  leads: number;
  contacted: number;
  applied: number;
  paid: number;
  first_contacts: number;
  due: number;
  within: number;
  median_minutes: number | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period asked for, or the last LEAD_METRICS_DEFAULT_DAYS Lagos days up to today. */
export const resolveMetricsPeriod = (query: { from?: string | undefined; to?: string | undefined }, now: Date) => {
  const to = query.to ?? lagosDayIso(now);
  const from = query.from ?? new Date(Date.parse(to) - (LEAD_METRICS_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
};

export const readLeadMetrics = async (
  db: Queryable,
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<LeadMetrics> => {
  const { from, to } = resolveMetricsPeriod(query, now);
  const { rows } = await db.query<MetricsRow>(METRICS_SQL, [from, to, now]);
  const row = rows[0]!;
  const median = row.median_minutes === null ? null : Math.round(Number(row.median_minutes) * 10) / 10;
  return {
    from,
    to,
    timeZone: LAGOS_TIME_ZONE,
    firstContact: {
      due: row.due,
      contacted: row.first_contacts,
      within24Hours: row.within,
      shareWithin24Hours: row.due === 0 ? null : row.within / row.due,
      medianMinutes: median,
    },
    funnel: [
      { step: 'lead', leads: row.leads },
      { step: 'contacted', leads: row.contacted },
      { step: 'applied', leads: row.applied },
      { step: 'paid', leads: row.paid },
    ],
  };
};
