import type { AdminAffiliatesResponse } from '@acres/contracts/affiliate-reads';
import type { Affiliate } from '@acres/contracts/affiliate';
import type { Queryable } from '@acres/platform';
import { AFFILIATE_SALES } from './affiliate-sales.ts';
import {
  AFFILIATE_VIEW_COLUMNS,
  AFFILIATES,
  toAdminAffiliate,
  toAffiliate,
  type AdminAffiliateView,
  type AffiliateView,
} from './affiliates.ts';
import { cursorOf, LAST_PAGE_CURSOR } from '../shared/query/cursor.ts';
import { boundedCountSql, readKeysetPage } from '../shared/query/keyset-page.ts';

/** The signed-in user's own profile, or null when they have not registered as an affiliate. */
export const readOwnAffiliate = async (db: Queryable, userId: string): Promise<Affiliate | null> => {
  const { rows } = await db.query<AffiliateView>(
    `SELECT ${AFFILIATE_VIEW_COLUMNS} FROM ${AFFILIATES.table} a WHERE a.user_id = $1`,
    [userId],
  );
  return rows[0] ? toAffiliate(rows[0]) : null;
};

/** Whether the user has a profile: the gate of every affiliate read (404 otherwise). */
export const hasAffiliateProfile = async (db: Queryable, userId: string): Promise<boolean> => {
  const { rows } = await db.query(`SELECT 1 FROM ${AFFILIATES.table} WHERE user_id = $1`, [userId]);
  return rows.length > 0;
};

/**
 * The admin's list: newest first by (joined_at, id), keyset pages with a `cursor`, offset
 * paging without one; each affiliate with their sales in figures, counted per affiliate
 * through the (affiliate_user_id, …) index for the page's rows only. The total is a count
 * capped at FILTERED_TOTAL_CAP (no counter keeps affiliates; they are few next to leads).
 */
export const listAffiliates = async (
  db: Queryable,
  query: { limit: number; offset: number; cursor?: string | undefined },
): Promise<AdminAffiliatesResponse> => {
  const page = await readKeysetPage<AdminAffiliateView & { id: string; cursor_at: string }>(db, {
    select: `${AFFILIATE_VIEW_COLUMNS}, s.total_sales, s.pending_sales, s.rejected_sales, s.total_commissions`,
    from: `${AFFILIATES.table} a
         CROSS JOIN LATERAL (
           SELECT count(*) FILTER (WHERE status <> 'rejected') AS total_sales,
                  count(*) FILTER (WHERE status = 'pending') AS pending_sales,
                  count(*) FILTER (WHERE status = 'rejected') AS rejected_sales,
                  COALESCE(sum(computed_commission) FILTER (WHERE status = 'verified'), 0) AS total_commissions
             FROM ${AFFILIATE_SALES.table} WHERE affiliate_user_id = a.user_id
         ) s`,
    column: 'a.joined_at',
    idColumn: 'a.id',
    conditions: [],
    values: [],
    total: boundedCountSql(AFFILIATES.table, ''),
    limit: query.limit,
    offset: query.offset,
    cursor: cursorOf(query.cursor),
  });
  return {
    total: page.total,
    affiliates: page.rows.map(toAdminAffiliate),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: LAST_PAGE_CURSOR,
  };
};
