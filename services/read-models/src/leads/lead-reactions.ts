// Which leads the product moves on by itself (issue 27 item 2): a lead whose person has since
// applied is applied, one whose person has had a payment approved is paid. "Whose person" is
// the email-ownership rule (issue 24): the account that made the lead signed in, or any account
// that has verified the lead's email; that account's applications (made signed in, or with an
// email it has verified) and approved payments are the person's. A lead merely typed with the
// same email as an application joins nothing until someone proves the address is theirs.

import type { LeadStageCause } from '@acres/contracts/events';
import type { Queryable } from '@acres/platform';
import { SUBSCRIPTIONS } from '../applications/subscriptions.ts';
import { USERS } from '../identity/users.ts';
import { PAYMENTS } from '../payments/payments.ts';
import { LEADS } from './leads.ts';
import { LEAD_PIPELINE } from './lead-pipeline.ts';

export type LeadAdvance = { leadId: string; to: 'applied' | 'paid'; cause: LeadStageCause };

const VERIFIED = USERS.verifiedEmailsTable;

// A lead is moved to a stage once: one that reached applied (or paid) before is left alone, so
// staff who then mark it lost are not overruled at the next sweep. The earliest cause of each
// move is named in its event.
const ADVANCES_SQL = `
  WITH person AS (
    SELECT l.id AS lead_id, l.created_by_user_id AS user_id FROM ${LEADS.table} l WHERE l.created_by_user_id IS NOT NULL
    UNION
    SELECT l.id, v.user_id FROM ${LEADS.table} l JOIN ${VERIFIED} v ON v.email = lower(l.email)
  ), open AS (
    SELECT pe.lead_id, pe.user_id, p.applied_at FROM person pe JOIN ${LEAD_PIPELINE.table} p ON p.lead_id = pe.lead_id
     WHERE p.paid_at IS NULL
  ), paid AS (
    SELECT DISTINCT ON (o.lead_id) o.lead_id, 'paid' AS target, 'payment' AS cause_kind, pay.id::text AS cause_id
      FROM open o JOIN ${PAYMENTS.table} pay ON pay.user_id = o.user_id AND pay.status = 'approved'
     ORDER BY o.lead_id, pay.processed_at, pay.id
  ), applied AS (
    SELECT DISTINCT ON (o.lead_id) o.lead_id, 'applied' AS target, 'application' AS cause_kind, s.id::text AS cause_id
      FROM open o JOIN ${SUBSCRIPTIONS.table} s
        ON s.created_by_user_id = o.user_id
        OR lower(s.email) IN (SELECT v.email FROM ${VERIFIED} v WHERE v.user_id = o.user_id)
     WHERE o.applied_at IS NULL AND o.lead_id NOT IN (SELECT lead_id FROM paid)
     ORDER BY o.lead_id, s.created_at, s.id
  )
  SELECT lead_id::text AS lead_id, target, cause_kind, cause_id FROM paid
  UNION ALL SELECT lead_id::text, target, cause_kind, cause_id FROM applied
  ORDER BY lead_id
  LIMIT $1`;

type Row = { lead_id: string; target: 'applied' | 'paid'; cause_kind: LeadStageCause['kind']; cause_id: string };

/** The moves due now, at most `limit` (the rest come at the next sweep). */
export const findLeadAdvances = async (db: Queryable, limit = 200): Promise<LeadAdvance[]> => {
  const { rows } = await db.query<Row>(ADVANCES_SQL, [limit]);
  return rows.map((row) => ({ leadId: row.lead_id, to: row.target, cause: { kind: row.cause_kind, id: row.cause_id } }));
};
